// The hopper's MJCF: Erez, Tassa and Todorov's (2011) planar one-legged hopper as Gym's
// Hopper task sets it up, written anew from the task's documentation
// (docs/objectives/hopper.md lists the differences). Torso, thigh, leg and foot capsules
// stacked from 1.45 m down to a foot at 0.1 m; the torso slides in x and z and pitches about y;
// three hinges (thigh and leg 0…−150°, foot ±45°) with armature and damping 1, each driven by a
// motor of gear 200; 2 ms RK4 steps over a plane floor.
#include "task_models.hpp"

namespace bopp::locomotion {

const char* hopper_mjcf() {
  return R"(<mujoco model="bopp-hopper">
  <compiler angle="degree" inertiafromgeom="true"/>
  <option timestep="0.002" integrator="RK4"/>
  <default>
    <joint limited="true" armature="1" damping="1"/>
    <geom type="capsule" condim="1" contype="1" conaffinity="1" margin="0.001"
          friction="0.8 0.1 0.1"/>
  </default>
  <worldbody>
    <geom name="floor" type="plane" size="20 20 0.125" condim="3" friction="0.9 0.1 0.1"/>
    <body name="torso" pos="0 0 1.25">
      <joint name="root_x" type="slide" axis="1 0 0" limited="false" armature="0" damping="0"/>
      <joint name="root_z" type="slide" axis="0 0 1" ref="1.25" limited="false" armature="0"
             damping="0"/>
      <joint name="root_pitch" type="hinge" axis="0 1 0" limited="false" armature="0"
             damping="0"/>
      <geom name="torso_capsule" fromto="0 0 0.2 0 0 -0.2" size="0.05" friction="0.9 0.1 0.1"/>
      <body name="thigh" pos="0 0 -0.2">
        <joint name="thigh_hinge" type="hinge" axis="0 -1 0" range="-150 0"/>
        <geom name="thigh_capsule" fromto="0 0 0 0 0 -0.45" size="0.05"/>
        <body name="leg" pos="0 0 -0.45">
          <joint name="leg_hinge" type="hinge" axis="0 -1 0" range="-150 0"/>
          <geom name="leg_capsule" fromto="0 0 0 0 0 -0.5" size="0.04"/>
          <body name="foot" pos="0 0 -0.5">
            <joint name="foot_hinge" type="hinge" axis="0 -1 0" range="-45 45"/>
            <geom name="foot_capsule" fromto="-0.13 0 0 0.26 0 0" size="0.06"
                  friction="2 0.1 0.1"/>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
  <actuator>
    <motor joint="thigh_hinge" gear="200" ctrllimited="true" ctrlrange="-1 1"/>
    <motor joint="leg_hinge" gear="200" ctrllimited="true" ctrlrange="-1 1"/>
    <motor joint="foot_hinge" gear="200" ctrllimited="true" ctrlrange="-1 1"/>
  </actuator>
</mujoco>
)";
}

}  // namespace bopp::locomotion
