#include "qrsc/backends/pdf/pdf.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "qrsc/base/process.hpp"
#include "qrsc/base/temp_dir.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

// file:// URL of an absolute path; everything but unreserved characters is percent-encoded.
std::string file_url(const fs::path& p) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out = "file://";
  for (const unsigned char c : p.string()) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The last lines of Chromium's chatter, for an error message.
std::string tail(const std::string& text, std::size_t lines) {
  std::size_t pos = text.size();
  while (lines-- > 0 && pos > 0) {
    const std::size_t nl = text.rfind('\n', pos - 1);
    if (nl == std::string::npos) return text;
    pos = nl;
  }
  return text.substr(pos == 0 ? 0 : pos + 1);
}

// The sheet's own script (templates/html/measure.js, inline in every sheet) fits the page and
// reports what it measured in this element, which --dump-dom returns.
constexpr const char* kMeasureScript = "html/measure.js";
constexpr const char* kReportStart = "<pre id=\"qrs-measure\" hidden=\"\">";

std::string unescaped(std::string s) {
  static const std::pair<const char*, const char*> kEntities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&amp;", "&"}};
  for (const auto& [from, to] : kEntities) {
    const std::string f = from;
    for (std::size_t pos = s.find(f); pos != std::string::npos; pos = s.find(f, pos + 1)) s.replace(pos, f.size(), to);
  }
  return s;
}

// The script's report in the DOM Chromium dumped: lines "problem|fix TAB page TAB table TAB what".
std::vector<LayoutFinding> findings_of(const std::string& dom) {
  std::vector<LayoutFinding> out;
  const std::size_t start = dom.find(kReportStart);
  if (start == std::string::npos) return out;
  const std::size_t from = start + std::string(kReportStart).size();
  std::istringstream lines(unescaped(dom.substr(from, dom.find("</pre>", from) - from)));
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> f;
    for (std::size_t pos = 0;;) {
      const std::size_t tab = line.find('\t', pos);
      f.push_back(line.substr(pos, tab - pos));
      if (tab == std::string::npos) break;
      pos = tab + 1;
    }
    if (f.size() == 4) out.push_back({f[0] == "fix", f[1], f[2], f[3]});
  }
  return out;
}

}  // namespace

bool PdfResult::fits() const {
  return std::none_of(findings.begin(), findings.end(), [](const LayoutFinding& f) { return !f.fixed; });
}

std::string default_chromium() { return find_program("/usr/bin/chromium", "chromium"); }

Expected<PdfResult> print_pdf(const std::string& html, const std::string& chromium) {
  if (::access(chromium.c_str(), X_OK) != 0) {
    return program_error("Chromium not found at " + chromium +
                         "; install the Debian package 'chromium' (apt-get install chromium) or pass --chromium PATH");
  }
  TempDir tmp("qrsc-sheet");
  if (tmp.path.empty()) {
    return program_error("cannot create a temporary folder");
  }
  const fs::path page = tmp.path / "sheet.html";
  const fs::path pdf = tmp.path / "sheet.pdf";
  std::ofstream page_out(page, std::ios::binary);
  page_out << html;
  page_out.close();
  if (!page_out) {
    return program_error("cannot write " + page.string());
  }
  // The flags a headless browser needs on a sandboxed root machine with no network: no
  // sandbox (root), no GPU, nothing fetched in the background, a fresh profile each time.
  // No structure tags: Chromium numbers a tagged PDF's structure elements differently from run
  // to run (node00000137 in one, node00000107 in the next), and a publisher's bundle must be
  // the same bytes every time; untagged, the sheet is also a quarter of the size.
  const std::vector<std::string> argv = {chromium,
                                         "--headless",
                                         "--no-sandbox",
                                         "--disable-gpu",
                                         "--disable-quic",
                                         "--no-first-run",
                                         "--disable-background-networking",
                                         "--disable-component-update",
                                         "--disable-sync",
                                         "--user-data-dir=" + (tmp.path / "profile").string(),
                                         "--no-pdf-header-footer",
                                         "--disable-pdf-tagging",
                                         "--dump-dom",
                                         "--print-to-pdf=" + pdf.string(),
                                         file_url(page)};
  const auto ran = run_process(argv, std::chrono::seconds(120), tmp.path.string());
  if (!ran) return ran.error();
  const ProcessResult& p = *ran;
  std::string bytes = read_file(pdf);
  if (p.timed_out || bytes.rfind("%PDF", 0) != 0) {
    return program_error(std::string(p.timed_out ? "Chromium timed out" : "Chromium wrote no PDF") + " (exit status " +
                         std::to_string(p.exit_code) + ")\n" + tail(p.err, 8));
  }
  // No report: the script did not run to its end, and the sheet is unmeasured.
  if (p.out.find(kReportStart) == std::string::npos) {
    return program_error("Chromium printed the sheet but did not report its measurements (the sheet template runs " +
                         std::string(kMeasureScript) + ")");
  }
  return PdfResult{fixed_dates(std::move(bytes)), findings_of(p.out)};
}

// Chromium stamps the print time into /CreationDate and /ModDate; the same sheet must give the
// same bytes (a publisher's bundle is compared and cached by content), so both become one fixed
// date, written in place with the same length so that the cross-reference offsets stay right.
std::string fixed_dates(std::string pdf) {
  static const std::string kFixed = "D:20000101000000";  // D:YYYYMMDDHHmmSS, as Chromium writes it
  for (const std::string key : {"/CreationDate (", "/ModDate ("}) {
    for (std::size_t pos = pdf.find(key); pos != std::string::npos; pos = pdf.find(key, pos + 1)) {
      const std::size_t at = pos + key.size();
      if (pdf.compare(at, 2, "D:") == 0 && at + kFixed.size() <= pdf.size()) pdf.replace(at, kFixed.size(), kFixed);
    }
  }
  return pdf;
}

}  // namespace qrsc
