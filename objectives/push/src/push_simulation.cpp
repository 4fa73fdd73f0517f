#include "push_simulation.hpp"

#include <box2d/box2d.h>

#include <algorithm>

namespace bopp::push {
namespace {

// Wang et al.'s world (their published simulator settings): no gravity (a table seen from
// above), 100 steps per second with 10 velocity and 10 position iterations. Sliding friction on
// the table is a friction joint from each body to the static table, which also keeps the
// table's own fixture from colliding with them (joints disable collision between their bodies).
constexpr float time_step = 0.01f;
constexpr int velocity_iterations = 10;
constexpr int position_iterations = 10;
constexpr int settling_steps = 100;

// The objects: a 1 × 1 box and a disc of radius 1, density 0.05, surface friction 0.01, held by
// the table with at most force 5 and torque 2.
constexpr float object_density = 0.05f;
constexpr float object_friction = 0.01f;
constexpr float object_table_force = 5.0f;
constexpr float object_table_torque = 2.0f;

// The hands: 2 × 0.6 rectangles, density 0.1, friction 0.1, table friction at most 2 and 2.
// Each tracks its velocities with forces proportional to the error (gain 30 per unit mass).
constexpr float hand_half_width = 1.0f;
constexpr float hand_half_height = 0.3f;
constexpr float hand_density = 0.1f;
constexpr float hand_friction = 0.1f;
constexpr float hand_table_force = 2.0f;
constexpr float hand_table_torque = 2.0f;
constexpr float tracking_gain = 30.0f;

b2Vec2 vec(Point2 p) { return b2Vec2(static_cast<float>(p.x), static_cast<float>(p.y)); }

void hold_by_table(b2World& world, b2Body* table, b2Body* body, float force, float torque) {
  b2FrictionJointDef joint;
  joint.bodyA = table;
  joint.bodyB = body;  // anchors at both bodies' origins
  joint.maxForce = force;
  joint.maxTorque = torque;
  world.CreateJoint(&joint);
}

b2Body* add_object(b2World& world, b2Body* table, const b2Shape& shape, Point2 at) {
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position = vec(at);
  b2Body* body = world.CreateBody(&def);
  b2FixtureDef fixture;
  fixture.shape = &shape;
  fixture.density = object_density;
  fixture.friction = object_friction;
  body->CreateFixture(&fixture);
  hold_by_table(world, table, body, object_table_force, object_table_torque);
  return body;
}

b2Body* add_hand(b2World& world, b2Body* table, const RobotControls& robot) {
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position = vec(robot.start);
  def.angle = static_cast<float>(robot.angle);
  b2Body* hand = world.CreateBody(&def);
  b2PolygonShape rectangle;
  rectangle.SetAsBox(hand_half_width, hand_half_height);
  b2FixtureDef fixture;
  fixture.shape = &rectangle;
  fixture.density = hand_density;
  fixture.friction = hand_friction;
  hand->CreateFixture(&fixture);
  hold_by_table(world, table, hand, hand_table_force, hand_table_torque);
  return hand;
}

// One step of a hand's velocity tracking: force and torque proportional to the errors.
void track(b2Body* hand, b2Vec2 velocity, float angular_velocity) {
  const float mass = hand->GetMass();
  hand->ApplyTorque(mass * (angular_velocity - hand->GetAngularVelocity()) * tracking_gain, true);
  const b2Vec2 force = mass * tracking_gain * (velocity - hand->GetLinearVelocity());
  hand->ApplyForce(force, hand->GetPosition(), true);
}

int push_steps(double seconds) { return static_cast<int>(seconds * 10.0); }

}  // namespace

PushOutcome simulate_push(const std::array<RobotControls, 2>& robots,
                          const std::array<Point2, 2>& velocity_error) {
  b2World world(b2Vec2(0.0f, 0.0f));
  b2BodyDef table_def;
  b2Body* table = world.CreateBody(&table_def);
  b2PolygonShape table_top;
  table_top.SetAsBox(500.0f, 500.0f);
  table->CreateFixture(&table_top, 0.0f);

  b2PolygonShape box;
  box.SetAsBox(0.5f, 0.5f);
  b2CircleShape disc;
  disc.m_radius = 1.0f;
  b2Body* box_body = add_object(world, table, box, box_start);
  b2Body* disc_body = add_object(world, table, disc, disc_start);

  std::array<b2Body*, 2> hands{};
  std::array<b2Vec2, 2> velocity{};
  std::array<int, 2> steps{};
  for (std::size_t r = 0; r < 2; ++r) {
    hands[r] = add_hand(world, table, robots[r]);
    velocity[r] = vec(
        {robots[r].velocity.x + velocity_error[r].x, robots[r].velocity.y + velocity_error[r].y});
    steps[r] = push_steps(robots[r].seconds);
  }
  const int total = std::max(steps[0], steps[1]) + settling_steps;
  for (int t = 0; t < total; ++t) {
    for (std::size_t r = 0; r < 2; ++r)
      if (t < steps[r])
        track(hands[r], velocity[r], static_cast<float>(robots[r].angular_velocity));
    world.Step(time_step, velocity_iterations, position_iterations);
  }
  const b2Vec2 box_end = box_body->GetPosition();
  const b2Vec2 disc_end = disc_body->GetPosition();
  return {{box_end.x, box_end.y}, {disc_end.x, disc_end.y}};
}

}  // namespace bopp::push
