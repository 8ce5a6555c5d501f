#include "qrsc/backends/web/offline_app.hpp"

#include "qrsc/backends/common/json_writer.hpp"
#include "qrsc/backends/common/template_store.hpp"

namespace qrsc {

std::vector<OutputFile> offline_app_files(const std::string& start, const std::vector<std::string>& pages) {
  // The template's name, words and colours; where the app starts and its icon, from here.
  Json manifest = Json::parse(load_template("web/web.webmanifest"));
  manifest["start_url"] = start;
  for (auto& icon : manifest["icons"]) icon["src"] = std::string(kAppIconFile);
  Json precache = Json::array();
  for (const auto& p : pages) precache.push_back(p);
  std::vector<OutputFile> out;
  out.push_back({std::string(kManifestFile), json_document(manifest)});
  out.push_back({std::string(kServiceWorkerFile),
                 "// Written by qrsc: the run's pages, kept for use with no network.\nconst PRECACHE = " +
                     json_line(precache) + std::string(load_template("web/sw.js"))});
  out.push_back({std::string(kAppIconFile), std::string(load_template("web/icon.svg"))});
  return out;
}

}  // namespace qrsc
