#include <bopp/host/report/html_text.hpp>

namespace bopp::host {
namespace {

std::string escape_html_text(std::string_view text, bool keep_lines) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      case '\n':
      case '\t':
        out += keep_lines ? c : ' ';
        break;
      default:
        out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
    }
  }
  return out;
}

}  // namespace

std::string html_escape(std::string_view text) { return escape_html_text(text, false); }

std::string html_escape_block(std::string_view text) { return escape_html_text(text, true); }

}  // namespace bopp::host
