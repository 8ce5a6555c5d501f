#include "qrsc/cli/live_reload.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <string_view>

#include "qrsc/cli/fingerprint.hpp"

namespace qrsc::cli {

namespace {

constexpr std::string_view kHtml = ".html";

// Loads `js` again every second; `qrsReload` reloads the page when the fingerprint it is given
// is not this page's.
constexpr std::string_view kScript =
    "<script>(function(){{var me=\"{0}\";window.qrsReload=function(f){{if(f!==me)location.reload();}};"
    "setInterval(function(){{var s=document.createElement(\"script\");s.src=\"{1}?\"+Date.now();"
    "s.onload=s.onerror=function(){{s.remove();}};document.head.appendChild(s);}},1000);}})();</script>\n";

// `name` inside a double-quoted JavaScript string in a script element: a quote, a backslash or a
// '<' (which could close the element) as a \u escape.
std::string js_string_text(std::string_view name) {
  std::string out;
  for (const char c : name) {
    if (c == '"' || c == '\\' || c == '<' || static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

// A page with a Content-Security-Policy (the web sheet's allows inline scripts only) would
// refuse the sibling .reload.js: its script-src gains 'self' (the page's own folder, file://
// included), only in the pages --watch writes.
void allow_own_scripts(std::string& page) {
  const std::size_t meta = page.find("http-equiv=\"Content-Security-Policy\"");
  if (meta == std::string::npos) return;
  const std::size_t content = page.find("content=\"", meta);
  const std::size_t end = content == std::string::npos ? std::string::npos : page.find('"', content + 9);
  if (end == std::string::npos || page.find('>', meta) < end) return;
  const std::size_t script_src = page.find("script-src", content);
  if (script_src != std::string::npos && script_src < end) {
    page.insert(script_src + 10, " 'self'");
  } else {
    page.insert(end, "; script-src 'self' 'unsafe-inline'");
  }
}

}  // namespace

std::vector<OutputFile> with_live_reload(std::vector<OutputFile> files) {
  const std::size_t count = files.size();
  for (std::size_t i = 0; i < count; ++i) {
    OutputFile& page = files[i];
    if (!page.path.ends_with(kHtml)) continue;
    const std::string print = fingerprint(page.content);
    const std::string js = page.path.substr(0, page.path.size() - kHtml.size()) + ".reload.js";
    const std::string script =
        fmt::format(kScript, print, js_string_text(std::filesystem::path(js).filename().string()));
    const std::size_t body_end = page.content.rfind("</body>");
    page.content.insert(body_end == std::string::npos ? page.content.size() : body_end, script);
    allow_own_scripts(page.content);
    files.push_back({js, "qrsReload(\"" + print + "\");\n"});
  }
  return files;
}

}  // namespace qrsc::cli
