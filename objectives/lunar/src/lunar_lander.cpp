#include "lunar_lander.hpp"

#include <bopp/bo/portable_random.hpp>

#include <cmath>

namespace bopp::lunar {
namespace {

// Gym's constants. Lengths are in pixels of a 600 × 400 screen, SCALE pixels to the metre.
constexpr double fps = 50.0;
constexpr double scale = 30.0;
constexpr double main_engine_power = 13.0;
constexpr double side_engine_power = 0.6;
constexpr double initial_random = 1000.0;  // bound of each component of the initial push, N
constexpr double leg_away = 20.0;
constexpr double leg_down = 18.0;
constexpr double leg_half_width = 2.0;
constexpr double leg_half_height = 8.0;
constexpr double leg_spring_torque = 40.0;
constexpr double side_engine_height = 14.0;
constexpr double side_engine_away = 12.0;
constexpr double width = 600.0 / scale;   // metres
constexpr double height = 400.0 / scale;  // metres
constexpr int chunks = 11;
constexpr int velocity_iterations = 6 * 30;
constexpr int position_iterations = 2 * 30;
constexpr float gravity = -10.0f;

// The hull, in pixels: a hexagon 34 wide, 27 tall, narrower at the top.
constexpr std::array<std::array<double, 2>, 6> hull{
    {{-14, +17}, {-17, 0}, {-17, -10}, {+17, -10}, {+17, 0}, {+14, +17}}};

// Collision classes: the ground is Box2D's default category 1; the lander and legs touch only it.
constexpr std::uint16_t ground_category = 0x0001;
constexpr std::uint16_t lander_category = 0x0010;
constexpr std::uint16_t leg_category = 0x0020;

b2Vec2 vec(double x, double y) { return b2Vec2(static_cast<float>(x), static_cast<float>(y)); }

}  // namespace

LunarLander::LunarLander(std::uint64_t seed)
    : rng_(seed), world_(b2Vec2(0.0f, gravity)), contacts_(*this) {
  world_.SetContactListener(&contacts_);
  build_terrain();
  build_lander();
  step(LanderAction::none);
}

double LunarLander::uniform(double lo, double hi) { return bo::uniform(rng_, lo, hi); }

// Gym's terrain: 12 heights uniform in [0, H/2], the five around the middle set to the pad's
// height H/4, each chunk's height the mean of three neighbours times 0.99 (the first wraps to the
// twelfth), joined by edges. The pad spans chunks 4 to 6.
void LunarLander::build_terrain() {
  std::array<double, chunks + 1> raw{};
  for (double& h : raw) h = uniform(0.0, height / 2.0);
  pad_y_ = height / 4.0;
  for (int i = chunks / 2 - 2; i <= chunks / 2 + 2; ++i) raw[static_cast<std::size_t>(i)] = pad_y_;
  std::array<double, chunks> smooth{};
  std::array<double, chunks> x{};
  for (int i = 0; i < chunks; ++i) {
    const auto at = [&](int j) {
      return raw[static_cast<std::size_t>((j + chunks + 1) % (chunks + 1))];
    };
    smooth[static_cast<std::size_t>(i)] = 0.33 * (at(i - 1) + at(i) + at(i + 1));
    x[static_cast<std::size_t>(i)] = width / (chunks - 1) * i;
  }

  b2BodyDef def;
  b2Body* moon = world_.CreateBody(&def);
  b2EdgeShape bottom;
  bottom.SetTwoSided(vec(0.0, 0.0), vec(width, 0.0));
  b2FixtureDef bottom_fixture;
  bottom_fixture.shape = &bottom;
  moon->CreateFixture(&bottom_fixture);
  for (std::size_t i = 0; i + 1 < chunks; ++i) {
    b2EdgeShape edge;
    edge.SetTwoSided(vec(x[i], smooth[i]), vec(x[i + 1], smooth[i + 1]));
    b2FixtureDef fixture;
    fixture.shape = &edge;
    fixture.density = 0.0f;
    fixture.friction = 0.1f;
    moon->CreateFixture(&fixture);
  }
}

// The lander starts at the top centre with a random push, its legs hinged below it, each with a
// motor (the spring) and an angle limit.
void LunarLander::build_lander() {
  const double start_y = height;
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position = vec(width / 2.0, start_y);
  lander_ = world_.CreateBody(&def);
  std::array<b2Vec2, hull.size()> vertices;
  for (std::size_t i = 0; i < hull.size(); ++i)
    vertices[i] = vec(hull[i][0] / scale, hull[i][1] / scale);
  b2PolygonShape hull_shape;
  hull_shape.Set(vertices.data(), static_cast<int32>(vertices.size()));
  b2FixtureDef hull_fixture;
  hull_fixture.shape = &hull_shape;
  hull_fixture.density = 5.0f;
  hull_fixture.friction = 0.1f;
  hull_fixture.restitution = 0.0f;
  hull_fixture.filter.categoryBits = lander_category;
  hull_fixture.filter.maskBits = ground_category;
  lander_->CreateFixture(&hull_fixture);
  const double push_x = uniform(-initial_random, initial_random);
  const double push_y = uniform(-initial_random, initial_random);
  lander_->ApplyForceToCenter(vec(push_x, push_y), true);

  for (std::size_t k = 0; k < 2; ++k) {
    const double i = k == 0 ? -1.0 : 1.0;
    b2BodyDef leg_def;
    leg_def.type = b2_dynamicBody;
    leg_def.position = vec(width / 2.0 - i * leg_away / scale, start_y);
    leg_def.angle = static_cast<float>(i * 0.05);
    b2Body* leg = world_.CreateBody(&leg_def);
    b2PolygonShape leg_shape;
    leg_shape.SetAsBox(static_cast<float>(leg_half_width / scale),
                       static_cast<float>(leg_half_height / scale));
    b2FixtureDef leg_fixture;
    leg_fixture.shape = &leg_shape;
    leg_fixture.density = 1.0f;
    leg_fixture.restitution = 0.0f;
    leg_fixture.filter.categoryBits = leg_category;
    leg_fixture.filter.maskBits = ground_category;
    leg->CreateFixture(&leg_fixture);

    b2RevoluteJointDef joint;
    joint.bodyA = lander_;
    joint.bodyB = leg;
    joint.localAnchorA = vec(0.0, 0.0);
    joint.localAnchorB = vec(i * leg_away / scale, leg_down / scale);
    joint.enableMotor = true;
    joint.enableLimit = true;
    joint.maxMotorTorque = static_cast<float>(leg_spring_torque);
    joint.motorSpeed = static_cast<float>(0.3 * i);
    joint.lowerAngle = static_cast<float>(i < 0.0 ? 0.9 - 0.5 : -0.9);
    joint.upperAngle = static_cast<float>(i < 0.0 ? 0.9 : -0.9 + 0.5);
    world_.CreateJoint(&joint);
    legs_[k] = leg;
  }
}

// The engines of Gym's discrete lander: the main engine pushes along the hull's axis from just
// below its centre, a side engine sideways from near its top; both points and directions
// scatter by up to 1/SCALE (two uniform draws every step, fired or not).
void LunarLander::fire(LanderAction action) {
  const double angle = lander_->GetAngle();
  const double tip_x = std::sin(angle), tip_y = std::cos(angle);
  const double side_x = -tip_y, side_y = tip_x;
  const double dispersion0 = uniform(-1.0, 1.0) / scale;
  const double dispersion1 = uniform(-1.0, 1.0) / scale;
  const b2Vec2 position = lander_->GetPosition();
  if (action == LanderAction::main_engine) {
    const double along = 4.0 / scale + 2.0 * dispersion0;
    const double ox = tip_x * along + side_x * dispersion1;
    const double oy = -tip_y * along - side_y * dispersion1;
    lander_->ApplyLinearImpulse(vec(-ox * main_engine_power, -oy * main_engine_power),
                                vec(position.x + ox, position.y + oy), true);
  } else if (action == LanderAction::left_engine || action == LanderAction::right_engine) {
    const double direction = action == LanderAction::left_engine ? -1.0 : 1.0;
    const double across = 3.0 * dispersion1 + direction * side_engine_away / scale;
    const double ox = tip_x * dispersion0 + side_x * across;
    const double oy = -tip_y * dispersion0 - side_y * across;
    lander_->ApplyLinearImpulse(vec(-ox * side_engine_power, -oy * side_engine_power),
                                vec(position.x + ox - tip_x * 17.0 / scale,
                                    position.y + oy + tip_y * side_engine_height / scale),
                                true);
  }
}

LanderState LunarLander::observe() const {
  const b2Vec2 p = lander_->GetPosition();
  const b2Vec2 v = lander_->GetLinearVelocity();
  LanderState o;
  o.s = {(p.x - width / 2.0) / (width / 2.0),
         (p.y - (pad_y_ + leg_down / scale)) / (height / 2.0),
         v.x * (width / 2.0) / fps,
         v.y * (height / 2.0) / fps,
         lander_->GetAngle(),
         20.0 * lander_->GetAngularVelocity() / fps,
         leg_contact_[0] ? 1.0 : 0.0,
         leg_contact_[1] ? 1.0 : 0.0};
  return o;
}

StepOutcome LunarLander::step(LanderAction action) {
  const bool first = !started_;  // Gym's first step, inside reset, has no previous shaping
  fire(action);
  world_.Step(static_cast<float>(1.0 / fps), velocity_iterations, position_iterations);
  const LanderState o = observe();
  const auto& s = o.s;
  // Gym's shaping: closer to the pad, slower, more upright and with legs down is better; the
  // reward of a step is the change of the shaping, less the fuel burnt.
  const double shaping = -100.0 * std::hypot(s[0], s[1]) - 100.0 * std::hypot(s[2], s[3]) -
                         100.0 * std::abs(s[4]) + 10.0 * s[6] + 10.0 * s[7];
  StepOutcome out;
  out.reward = first ? 0.0 : shaping - previous_shaping_;
  previous_shaping_ = shaping;
  started_ = true;
  if (action == LanderAction::main_engine)
    out.reward -= 0.30;
  else if (action != LanderAction::none)
    out.reward -= 0.03;
  if (crashed_ || std::abs(s[0]) >= 1.0) {
    out.done = true;
    out.reward = -100.0;
  }
  if (!lander_->IsAwake()) {
    out.done = true;
    out.reward = 100.0;
  }
  // The controller sees what Gym returns: the observation in single precision.
  for (std::size_t i = 0; i < s.size(); ++i) out.state.s[i] = static_cast<float>(s[i]);
  state_ = out.state;
  return out;
}

void LunarLander::ContactWatch::BeginContact(b2Contact* contact) {
  const b2Body* a = contact->GetFixtureA()->GetBody();
  const b2Body* b = contact->GetFixtureB()->GetBody();
  if (a == lander_.lander_ || b == lander_.lander_) lander_.crashed_ = true;
  for (std::size_t k = 0; k < 2; ++k)
    if (a == lander_.legs_[k] || b == lander_.legs_[k]) lander_.leg_contact_[k] = true;
}

void LunarLander::ContactWatch::EndContact(b2Contact* contact) {
  const b2Body* a = contact->GetFixtureA()->GetBody();
  const b2Body* b = contact->GetFixtureB()->GetBody();
  for (std::size_t k = 0; k < 2; ++k)
    if (a == lander_.legs_[k] || b == lander_.legs_[k]) lander_.leg_contact_[k] = false;
}

}  // namespace bopp::lunar
