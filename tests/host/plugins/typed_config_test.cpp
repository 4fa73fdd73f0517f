// ABI 1.1's typed configuration: what the host builds from the configuration text and the
// schema, and what a plugin's bopp_config_find sees from a host of either minor version.
#include <bopp/host/plugins/typed_config.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace bopp::host {
namespace {

bopp_param param(const char* name, std::int32_t type) {
  bopp_param p{};
  p.struct_size = sizeof p;
  p.name = name;
  p.type = type;
  return p;
}

TEST(TypedConfig, EveryTypeArrivesAsItsValueInTheSchemasOrder) {
  const bopp_param on = param("on", BOPP_PARAM_BOOL), n = param("n", BOPP_PARAM_INT),
                   lr = param("lr", BOPP_PARAM_REAL), design = param("design", BOPP_PARAM_STRING),
                   xs = param("xs", BOPP_PARAM_REAL_LIST), width = param("width", BOPP_PARAM_REAL),
                   absent = param("absent", BOPP_PARAM_STRING);
  const bopp_param* const params[] = {&on, &n, &lr, &design, &xs, &width, &absent};
  // As the host writes it: sorted keys, a REAL given as an integer, a string with a quote.
  const TypedConfig config(params,
                           "design = \"it's\"\nlr = 0.25\nn = -7\non = true\nwidth = 3\n"
                           "xs = [1.0, -inf, 2.5]\n");
  const bopp_host base{.struct_size = 40,
                       .context = nullptr,
                       .log = nullptr,
                       .stop_requested = nullptr,
                       .thread_budget = 1,
                       .config = nullptr,
                       .config_count = 0};
  const bopp_host host = config.attach(base);
  ASSERT_EQ(host.config_count, 6u);  // `absent` was left out
  EXPECT_EQ(host.struct_size, sizeof(bopp_host));
  EXPECT_STREQ(host.config[0]->name, "on");
  EXPECT_EQ(host.config[0]->boolean, 1);
  EXPECT_EQ(bopp_config_find(&host, "n")->integer, -7);
  EXPECT_EQ(bopp_config_find(&host, "lr")->real, 0.25);
  EXPECT_STREQ(bopp_config_find(&host, "design")->string, "it's");
  EXPECT_EQ(bopp_config_find(&host, "width")->type, BOPP_PARAM_REAL);
  EXPECT_EQ(bopp_config_find(&host, "width")->real, 3.0);  // widened
  const bopp_config_entry* list = bopp_config_find(&host, "xs");
  ASSERT_EQ(list->real_count, 3u);
  EXPECT_EQ(list->reals[0], 1.0);
  EXPECT_TRUE(std::isinf(list->reals[1]) && list->reals[1] < 0);
  EXPECT_EQ(list->reals[2], 2.5);
  EXPECT_EQ(bopp_config_find(&host, "absent"), nullptr);
  EXPECT_EQ(bopp_config_find(&host, "l"), nullptr);  // a prefix is not a name
  EXPECT_EQ(bopp_config_find(&host, "lrx"), nullptr);
}

TEST(TypedConfig, AHostOfAbi10HasNoEntriesToFind) {
  const bopp_param n = param("n", BOPP_PARAM_INT);
  const bopp_param* const params[] = {&n};
  const TypedConfig config(params, "n = 3\n");
  bopp_host host = config.attach(bopp_host{});
  ASSERT_NE(bopp_config_find(&host, "n"), nullptr);
  // A 1.0 host's struct ends before the config fields: whatever lies there is not read.
  host.struct_size = offsetof(bopp_host, config);
  EXPECT_EQ(bopp_config_find(&host, "n"), nullptr);
  EXPECT_EQ(bopp_config_find(nullptr, "n"), nullptr);
}

}  // namespace
}  // namespace bopp::host
