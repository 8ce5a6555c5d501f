// A folder an output goes into, reached from its root without following links: the root as
// the user named it, then each component below it opened with openat(O_NOFOLLOW|O_DIRECTORY)
// (made with mkdirat where missing). A link planted at a subfolder of a shared output folder
// (out/<system> pointing into another user's files) is refused, never followed; and since every
// later step names its file relative to the open folder (openat, renameat2, unlinkat), a folder
// swapped for a link after it was opened changes nothing.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "qrsc/base/expected.hpp"

namespace qrsc {

class OpenFolder {
 public:
  OpenFolder() = default;
  ~OpenFolder();
  OpenFolder(OpenFolder&& other) noexcept : fd_(other.fd_), path_(std::move(other.path_)) { other.fd_ = -1; }
  OpenFolder& operator=(OpenFolder&& other) noexcept;
  OpenFolder(const OpenFolder&) = delete;
  OpenFolder& operator=(const OpenFolder&) = delete;

  // Opens `folder`, `root` or a folder below it (else `folder` is its own root): `root` as
  // named, each component below it without following links. With `make`, missing folders are
  // made (their paths appended to `made`, outermost first). An error names the folder and why.
  static Expected<OpenFolder> open(const std::filesystem::path& root, const std::filesystem::path& folder, bool make,
                                   std::vector<std::filesystem::path>* made);

  [[nodiscard]] bool is_open() const { return fd_ >= 0; }
  [[nodiscard]] int fd() const { return fd_; }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  // The path of `name` in the folder, for messages.
  [[nodiscard]] std::filesystem::path path_of(const std::string& name) const { return path_ / name; }

 private:
  int fd_ = -1;
  std::filesystem::path path_;
};

}  // namespace qrsc
