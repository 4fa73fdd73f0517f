// A lunar lander on Box2D following the documented dynamics of Gym's LunarLander-v2 (discrete
// actions; Brockman et al. 2016, environment by O. Klimov): random terrain of 11 chunks with a
// flat pad in the middle, a lander with two sprung legs, a main engine and two side engines
// whose impulses scatter randomly, and the shaping reward with terminal rewards of ±100.
#pragma once

#include <box2d/box2d.h>

#include <array>
#include <cstdint>
#include <random>

namespace bopp::lunar {

enum class LanderAction { none = 0, left_engine = 1, main_engine = 2, right_engine = 3 };

// The observation of LunarLander-v2: position relative to the pad centre (x over half the
// width, y over half the height), velocities in the same units per frame, angle, angular
// velocity (scaled by 20 per frame), and whether each leg touches the ground.
struct LanderState {
  std::array<double, 8> s{};
};

struct StepOutcome {
  LanderState state;
  double reward = 0.0;
  bool done = false;  // crashed or flew off the screen (reward −100), or at rest (+100)
};

class LunarLander {
 public:
  // A new episode: the terrain and the initial push are drawn from `seed`'s generator, which
  // also scatters every later engine impulse, in the order Gym draws them. As in Gym, the
  // episode starts with one step without engines, whose reward is not counted.
  explicit LunarLander(std::uint64_t seed);
  LunarLander(const LunarLander&) = delete;
  LunarLander& operator=(const LunarLander&) = delete;

  const LanderState& state() const { return state_; }
  StepOutcome step(LanderAction action);

 private:
  class ContactWatch : public b2ContactListener {
   public:
    explicit ContactWatch(LunarLander& lander) : lander_(lander) {}
    void BeginContact(b2Contact* contact) override;
    void EndContact(b2Contact* contact) override;

   private:
    LunarLander& lander_;
  };

  void build_terrain();
  void build_lander();
  void fire(LanderAction action);
  LanderState observe() const;
  double uniform(double lo, double hi);

  std::mt19937_64 rng_;
  b2World world_;
  ContactWatch contacts_;
  b2Body* lander_ = nullptr;
  std::array<b2Body*, 2> legs_{};
  std::array<bool, 2> leg_contact_{};
  bool crashed_ = false;
  double pad_y_ = 0.0;
  double previous_shaping_ = 0.0;
  bool started_ = false;
  LanderState state_;
};

}  // namespace bopp::lunar
