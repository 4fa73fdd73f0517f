// Box2D's one piece of lazily built global state, built before any world steps on a worker.
#pragma once

#include <box2d/box2d.h>

namespace bopp::box2d_support {

// Box2D 2.4.1 fills its table of contact functions (b2Contact::s_registers) on the first contact
// any world creates, guarded by a plain bool: two worlds stepping on two threads at that moment
// would race. An objective calls this from its constructor, which the host runs on one thread
// before any evaluation, so the table is filled once, here. (Box2D's other globals are profiling
// counters, b2_gjkCalls and b2_toiCalls among them, which it only increments and never reads.)
inline void fill_contact_registers() {
  static const bool filled = [] {
    b2World world(b2Vec2(0.0f, 0.0f));
    b2CircleShape circle;
    circle.m_radius = 1.0f;
    for (int i = 0; i < 2; ++i) {
      b2BodyDef def;
      def.type = b2_dynamicBody;
      def.position.Set(0.5f * static_cast<float>(i), 0.0f);
      world.CreateBody(&def)->CreateFixture(&circle, 1.0f);
    }
    world.Step(0.01f, 1, 1);  // the overlapping circles make the first contact
    return true;
  }();
  (void)filled;
}

}  // namespace bopp::box2d_support
