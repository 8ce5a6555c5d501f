#include "qrsc/base/open_folder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "qrsc/base/printable.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

constexpr int kFolderFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;

Diagnostic folder_error(const fs::path& folder, int err) {
  const std::string why = err == ELOOP || err == ENOTDIR
                              ? "it is a link or not a folder (links below the output folder are not followed)"
                              : std::strerror(err);
  return program_error("cannot write into " + printable(folder.string()) + ": " + why);
}

}  // namespace

OpenFolder::~OpenFolder() {
  if (fd_ >= 0) ::close(fd_);
}

OpenFolder& OpenFolder::operator=(OpenFolder&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    path_ = std::move(other.path_);
    other.fd_ = -1;
  }
  return *this;
}

Expected<OpenFolder> OpenFolder::open(const fs::path& root_in, const fs::path& folder_in, bool make,
                                      std::vector<fs::path>* made) {
  const fs::path folder = folder_in.empty() ? fs::path(".") : folder_in.lexically_normal();
  fs::path root = root_in.empty() ? folder : root_in.lexically_normal();
  fs::path below = folder.lexically_relative(root);
  if (below.empty() || *below.begin() == "..") {  // not below the root: the folder is its own
    root = folder;
    below = ".";
  }
  OpenFolder f;
  // The root as named (the user chose it, links and all); made with its parents when missing.
  std::error_code ec;
  if (make && !fs::exists(fs::symlink_status(root, ec))) {
    std::vector<fs::path> missing;
    for (fs::path d = root; !d.empty() && !fs::exists(fs::symlink_status(d, ec)); d = d.parent_path()) {
      missing.push_back(d);
      if (d == d.parent_path()) break;
    }
    fs::create_directories(root, ec);
    if (ec) return program_error("cannot create folder " + printable(root.string()) + ": " + ec.message());
    if (made) made->insert(made->end(), missing.rbegin(), missing.rend());
  }
  f.fd_ = ::open(root.c_str(), kFolderFlags);
  if (f.fd_ < 0) return folder_error(root, errno);
  f.path_ = root;
  for (const fs::path& part : below) {
    const std::string name = part.string();
    if (name == "." || name.empty()) continue;
    int fd = ::openat(f.fd_, name.c_str(), kFolderFlags | O_NOFOLLOW);
    if (fd < 0 && errno == ENOENT && make) {
      if (::mkdirat(f.fd_, name.c_str(), 0777) == 0) {
        if (made) made->push_back(f.path_ / name);
      } else if (errno != EEXIST) {
        return program_error("cannot create folder " + printable((f.path_ / name).string()) + ": " +
                             std::strerror(errno));
      }
      fd = ::openat(f.fd_, name.c_str(), kFolderFlags | O_NOFOLLOW);
    }
    if (fd < 0) return folder_error(f.path_ / name, errno);
    ::close(f.fd_);
    f.fd_ = fd;
    f.path_ /= name;
  }
  return f;
}

}  // namespace qrsc
