// bopp/host/report/html_text.hpp: text from a run record made safe for the HTML report. Records
// are shared data: a label may hold markup, and must show as text, never become an element or
// leave an attribute's quotes.
#pragma once

#include <string>
#include <string_view>

namespace bopp::host {

// `text` as HTML character data or a double-quoted attribute value (the same escaping serves
// both): & < > " ' as character references, every control character (C0, DEL) as a space.
std::string html_escape(std::string_view text);

// The same for the content of a <pre> block: newlines and tabs are kept.
std::string html_escape_block(std::string_view text);

}  // namespace bopp::host
