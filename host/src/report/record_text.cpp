#include <bopp/host/report/record_text.hpp>

namespace bopp::host {

std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  return out;
}

std::string gnuplot_literal(std::string_view text) {
  std::string out = "'";
  for (char c : one_line(text)) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::string markdown_cell(std::string_view text) {
  std::string out;
  for (char c : one_line(text)) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string csv_cell(std::string_view text) {
  std::string cell = one_line(text);
  const bool formula =
      !cell.empty() && std::string_view("=+-@").find(cell[0]) != std::string_view::npos;
  if (formula) cell = std::string(1, '\'').append(cell);
  const bool quote = formula || cell.find_first_of(",\"") != std::string::npos ||
                     (!cell.empty() && (cell.front() == ' ' || cell.back() == ' '));
  if (!quote) return cell;
  std::string out = "\"";
  for (char c : cell) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace bopp::host
