// The MJCF text of each locomotion task's model, embedded so the plugin needs no model files.
#pragma once

namespace bopp::locomotion {

const char* swimmer_mjcf();
const char* hopper_mjcf();

}  // namespace bopp::locomotion
