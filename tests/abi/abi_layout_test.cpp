// The binary layout of abi.h and of the extensions (bopp/ext/), pinned. A failure here means a
// change would break every plugin already built: append fields at the end of a growable struct (and
// bump BOPP_ABI_MINOR), or bump BOPP_ABI_MAJOR and update these numbers on purpose (docs/abi.md).
#include <bopp/abi.h>
#include <bopp/ext/pending_asks.h>
#include <bopp/ext/state.h>

#include <gtest/gtest.h>

#include <cstddef>
#include <type_traits>

// The manifest's first three fields never move, on any platform: a host reads abi_major from
// a library of any version through them.
static_assert(offsetof(bopp_manifest, struct_size) == 0);
static_assert(offsetof(bopp_manifest, abi_major) == 4);
static_assert(offsetof(bopp_manifest, abi_minor) == 8);
static_assert(std::is_same_v<decltype(bopp_manifest::abi_major), std::uint32_t>);

// Every growable struct starts with its uint32_t struct_size.
static_assert(offsetof(bopp_host, struct_size) == 0);
static_assert(offsetof(bopp_config_entry, struct_size) == 0);
static_assert(offsetof(bopp_param, struct_size) == 0);
static_assert(offsetof(bopp_problem, struct_size) == 0);
static_assert(offsetof(bopp_objective_class, struct_size) == 0);
static_assert(offsetof(bopp_algorithm_class, struct_size) == 0);
static_assert(std::is_same_v<decltype(bopp_host::struct_size), std::uint32_t>);
static_assert(std::is_same_v<decltype(bopp_param::struct_size), std::uint32_t>);
static_assert(std::is_same_v<decltype(bopp_problem::struct_size), std::uint32_t>);
static_assert(std::is_same_v<decltype(bopp_objective_class::struct_size), std::uint32_t>);
static_assert(std::is_same_v<decltype(bopp_algorithm_class::struct_size), std::uint32_t>);
static_assert(std::is_same_v<decltype(bopp_manifest::struct_size), std::uint32_t>);

// An extension's struct is growable too, and its id is the contract a plugin built against an
// earlier header (when the extension lived in abi.h) answers to: neither may move.
static_assert(offsetof(bopp_pending_asks, struct_size) == 0);
static_assert(std::is_same_v<decltype(bopp_pending_asks::struct_size), std::uint32_t>);
static_assert(sizeof(bopp_pending_asks) == 4);
static_assert(offsetof(bopp_state, struct_size) == 0);
static_assert(std::is_same_v<decltype(bopp_state::struct_size), std::uint32_t>);

// Enums cross as int32_t; their values are part of the contract.
static_assert(std::is_same_v<bopp_status, std::int32_t>);
static_assert(BOPP_OK == 0 && BOPP_ERROR == 1 && BOPP_INVALID_CONFIG == 2 &&
              BOPP_INVALID_ARGUMENT == 3 && BOPP_EVAL_FAILED == 4 && BOPP_STOPPED == 5);
static_assert(BOPP_LOG_DEBUG == 0 && BOPP_LOG_INFO == 1 && BOPP_LOG_WARNING == 2 &&
              BOPP_LOG_ERROR == 3);
static_assert(BOPP_PARAM_BOOL == 0 && BOPP_PARAM_INT == 1 && BOPP_PARAM_REAL == 2 &&
              BOPP_PARAM_STRING == 3 && BOPP_PARAM_REAL_LIST == 4);
static_assert(BOPP_DIM_CONTINUOUS == 0 && BOPP_DIM_INTEGER == 1 && BOPP_DIM_CATEGORICAL == 2);
static_assert(BOPP_MINIMIZE == 0 && BOPP_MAXIMIZE == 1);

namespace {

#if defined(__x86_64__) && defined(__linux__)
// The System V x86-64 layout of ABI 1.0: every field's offset and every struct's size.
#define PIN_OFFSET(type, field, offset) \
  static_assert(offsetof(type, field) == (offset), #type "." #field)

PIN_OFFSET(bopp_host, context, 8);
PIN_OFFSET(bopp_host, log, 16);
PIN_OFFSET(bopp_host, stop_requested, 24);
PIN_OFFSET(bopp_host, thread_budget, 32);
PIN_OFFSET(bopp_host, config, 40);  // ABI 1.1
PIN_OFFSET(bopp_host, config_count, 48);
static_assert(sizeof(bopp_host) == 56);

PIN_OFFSET(bopp_config_entry, name, 8);  // ABI 1.1
PIN_OFFSET(bopp_config_entry, type, 16);
PIN_OFFSET(bopp_config_entry, boolean, 20);
PIN_OFFSET(bopp_config_entry, integer, 24);
PIN_OFFSET(bopp_config_entry, real, 32);
PIN_OFFSET(bopp_config_entry, string, 40);
PIN_OFFSET(bopp_config_entry, reals, 48);
PIN_OFFSET(bopp_config_entry, real_count, 56);
static_assert(sizeof(bopp_config_entry) == 64);

PIN_OFFSET(bopp_param, name, 8);
PIN_OFFSET(bopp_param, type, 16);
PIN_OFFSET(bopp_param, default_value, 24);
PIN_OFFSET(bopp_param, help, 32);
PIN_OFFSET(bopp_param, minimum, 40);
PIN_OFFSET(bopp_param, maximum, 48);
PIN_OFFSET(bopp_param, choices, 56);
static_assert(sizeof(bopp_param) == 64);

PIN_OFFSET(bopp_problem, dim, 4);
PIN_OFFSET(bopp_problem, lower, 8);
PIN_OFFSET(bopp_problem, upper, 16);
PIN_OFFSET(bopp_problem, kinds, 24);
PIN_OFFSET(bopp_problem, sense, 32);
PIN_OFFSET(bopp_problem, has_optimum, 36);
PIN_OFFSET(bopp_problem, optimum_value, 40);
PIN_OFFSET(bopp_problem, optimizer, 48);
PIN_OFFSET(bopp_problem, noise_std, 56);
PIN_OFFSET(bopp_problem, candidate_count, 64);
PIN_OFFSET(bopp_problem, candidates, 72);
PIN_OFFSET(bopp_problem, thread_safe, 80);
static_assert(sizeof(bopp_problem) == 88);

PIN_OFFSET(bopp_objective_class, name, 8);
PIN_OFFSET(bopp_objective_class, version, 16);
PIN_OFFSET(bopp_objective_class, summary, 24);
PIN_OFFSET(bopp_objective_class, params, 32);
PIN_OFFSET(bopp_objective_class, param_count, 40);
PIN_OFFSET(bopp_objective_class, create, 48);
PIN_OFFSET(bopp_objective_class, destroy, 56);
PIN_OFFSET(bopp_objective_class, problem, 64);
PIN_OFFSET(bopp_objective_class, evaluate, 72);
PIN_OFFSET(bopp_objective_class, get_extension, 80);
static_assert(sizeof(bopp_objective_class) == 88);

PIN_OFFSET(bopp_algorithm_class, name, 8);
PIN_OFFSET(bopp_algorithm_class, version, 16);
PIN_OFFSET(bopp_algorithm_class, summary, 24);
PIN_OFFSET(bopp_algorithm_class, params, 32);
PIN_OFFSET(bopp_algorithm_class, param_count, 40);
PIN_OFFSET(bopp_algorithm_class, create, 48);
PIN_OFFSET(bopp_algorithm_class, destroy, 56);
PIN_OFFSET(bopp_algorithm_class, ask, 64);
PIN_OFFSET(bopp_algorithm_class, tell, 72);
PIN_OFFSET(bopp_algorithm_class, recommend, 80);
PIN_OFFSET(bopp_algorithm_class, get_extension, 88);
static_assert(sizeof(bopp_algorithm_class) == 96);

PIN_OFFSET(bopp_manifest, library_name, 16);
PIN_OFFSET(bopp_manifest, library_version, 24);
PIN_OFFSET(bopp_manifest, algorithms, 32);
PIN_OFFSET(bopp_manifest, algorithm_count, 40);
PIN_OFFSET(bopp_manifest, objectives, 48);
PIN_OFFSET(bopp_manifest, objective_count, 56);
PIN_OFFSET(bopp_state, save, 8);  // ABI 1.3
PIN_OFFSET(bopp_state, restore, 16);
static_assert(sizeof(bopp_state) == 24);
static_assert(sizeof(bopp_manifest) == 64);

#undef PIN_OFFSET
constexpr bool layout_pinned_here = true;
#else
constexpr bool layout_pinned_here = false;
#endif

TEST(AbiLayout, VersionIs1Point3) {
  // Changing these is a deliberate act: the pinned numbers above describe ABI 1.3 (1.0 plus
  // the typed configuration of 1.1: bopp_host's last two fields and bopp_config_entry; 1.2
  // adds the pending-asks extension id and its struct, now in bopp/ext/pending_asks.h; 1.3 the
  // state extension of bopp/ext/state.h).
  EXPECT_EQ(BOPP_ABI_MAJOR, 1);
  EXPECT_EQ(BOPP_ABI_MINOR, 3);
  EXPECT_STREQ(BOPP_EXTENSION_PENDING_ASKS, "bopp.pending_asks/1");
  EXPECT_EQ(sizeof(bopp_pending_asks), 4u);
  EXPECT_STREQ(BOPP_EXTENSION_STATE, "bopp.state/1");

  EXPECT_STREQ(BOPP_ENTRY_SYMBOL, "bopp_plugin_manifest");
}

TEST(AbiLayout, ManifestHeadIsReadableByAnyHost) {
  EXPECT_EQ(offsetof(bopp_manifest, struct_size), 0u);
  EXPECT_EQ(offsetof(bopp_manifest, abi_major), 4u);
  EXPECT_EQ(offsetof(bopp_manifest, abi_minor), 8u);
}

TEST(AbiLayout, StructSizesArePinnedOnX8664Linux) {
  if (!layout_pinned_here) GTEST_SKIP() << "sizes are pinned for x86-64 Linux only";
  EXPECT_EQ(sizeof(bopp_host), 56u);
  EXPECT_EQ(sizeof(bopp_config_entry), 64u);
  EXPECT_EQ(sizeof(bopp_param), 64u);
  EXPECT_EQ(sizeof(bopp_problem), 88u);
  EXPECT_EQ(sizeof(bopp_objective_class), 88u);
  EXPECT_EQ(sizeof(bopp_algorithm_class), 96u);
  EXPECT_EQ(sizeof(bopp_manifest), 64u);
}

}  // namespace
