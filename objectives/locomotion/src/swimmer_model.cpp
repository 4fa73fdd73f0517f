// The swimmer's MJCF: Coulom's (2002) three-link swimmer as Gym's Swimmer task sets it up,
// written anew from the task's documentation (docs/objectives/swimmer.md lists the
// differences). Three capsules of length 1 and radius 0.1 in a plane, the front one free to
// slide in x and y and turn about z, the others hinged behind it (±100°); two motors of gear
// 150 on the hinges; viscous fluid (viscosity 0.1, density 4000); 10 ms RK4 steps.
#include "task_models.hpp"

namespace bopp::locomotion {

const char* swimmer_mjcf() {
  return R"(<mujoco model="bopp-swimmer">
  <compiler angle="degree" inertiafromgeom="true"/>
  <option timestep="0.01" integrator="RK4" viscosity="0.1" density="4000"/>
  <default>
    <geom type="capsule" size="0.1" density="1000" contype="0" conaffinity="0"/>
    <joint armature="0.1"/>
  </default>
  <worldbody>
    <body name="front" pos="0 0 0">
      <joint name="slide_x" type="slide" axis="1 0 0"/>
      <joint name="slide_y" type="slide" axis="0 1 0"/>
      <joint name="heading" type="hinge" axis="0 0 1"/>
      <geom name="front_link" fromto="1.5 0 0 0.5 0 0"/>
      <body name="middle" pos="0.5 0 0">
        <joint name="first_rotor" type="hinge" axis="0 0 1" limited="true" range="-100 100"/>
        <geom name="middle_link" fromto="0 0 0 -1 0 0"/>
        <body name="back" pos="-1 0 0">
          <joint name="second_rotor" type="hinge" axis="0 0 1" limited="true" range="-100 100"/>
          <geom name="back_link" fromto="0 0 0 -1 0 0"/>
        </body>
      </body>
    </body>
  </worldbody>
  <actuator>
    <motor joint="first_rotor" gear="150" ctrllimited="true" ctrlrange="-1 1"/>
    <motor joint="second_rotor" gear="150" ctrllimited="true" ctrlrange="-1 1"/>
  </actuator>
</mujoco>
)";
}

}  // namespace bopp::locomotion
