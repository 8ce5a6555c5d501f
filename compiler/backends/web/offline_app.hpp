// What makes a folder of web pages an offline app when it is served over http(s): the app's
// manifest, the service worker that keeps the run's pages, and the app's icon. Their words and
// colours are templates/web's (web.webmanifest, sw.js, icon.svg); their names are here, and the
// pages find them through their own data-manifest and data-worker (templates/web/offline.js).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "qrsc/backends/common/backend.hpp"

namespace qrsc {

inline constexpr std::string_view kManifestFile = "web.webmanifest";
inline constexpr std::string_view kServiceWorkerFile = "web-sw.js";
inline constexpr std::string_view kAppIconFile = "web-icon.svg";
inline constexpr std::array<std::string_view, 3> kOfflineAppFiles = {kManifestFile, kServiceWorkerFile, kAppIconFile};

// The three files for a run whose app opens on `start` and keeps `pages` (paths under the
// output folder, `start` among them), in kOfflineAppFiles' order.
std::vector<OutputFile> offline_app_files(const std::string& start, const std::vector<std::string>& pages);

}  // namespace qrsc
