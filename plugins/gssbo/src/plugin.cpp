// The gssbo library's one exported symbol: GSSBO and RSSBO.
#include "gssbo.hpp"
#include "rssbo.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("gssbo", "0.4.0", bopp::Algorithm<bopp::gssbo::Gssbo>,
                    bopp::Algorithm<bopp::gssbo::Rssbo>)
