// bopp/host/report/record_text.hpp: text from a run record made safe for what `bopp report`
// writes. Records are shared data (house rule 12, docs/architecture.md): a name or label may
// hold anything, and must never end a line, a cell or a string literal early.
#pragma once

#include <string>
#include <string_view>

namespace bopp::host {

// `text` with every control character (C0, DEL) replaced by a space: one line, always.
std::string one_line(std::string_view text);

// A gnuplot string literal: single-quoted (where gnuplot expands nothing: no backquotes, no
// macros, no escapes), quotes doubled, control characters replaced, so no text can end the
// literal or the line.
std::string gnuplot_literal(std::string_view text);

// A Markdown table cell: one line, pipes escaped.
std::string markdown_cell(std::string_view text);

// A CSV cell (RFC 4180): one line, quoted when it holds a comma, a quote or outer spaces; a
// leading = + - @ gets a ' first, so a spreadsheet shows it rather than running it.
std::string csv_cell(std::string_view text);

}  // namespace bopp::host
