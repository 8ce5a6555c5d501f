#include "qrsc/base/temp_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "qrsc/base/printable.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMarker = ".tmp-qrs-";
constexpr std::size_t kRandomChars = 6;

std::string random_suffix() {
  static constexpr char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  unsigned char bytes[kRandomChars];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n > 0)
      got += static_cast<std::size_t>(n);
    else if (errno != EINTR)
      break;
  }
  // Without the kernel's random numbers (never on Linux since 3.17) the names are merely
  // unlikely to collide; O_EXCL makes a collision harmless.
  static unsigned counter = 0;
  for (std::size_t i = got; i < sizeof bytes; ++i) bytes[i] = static_cast<unsigned char>(++counter * 131 + i);
  std::string s;
  for (const unsigned char b : bytes) s += kChars[b % (sizeof kChars - 1)];
  return s;
}

mode_t process_umask() {
  static const mode_t mask = [] {
    const mode_t m = ::umask(0);
    ::umask(m);
    return m;
  }();
  return mask;
}

bool write_all(int fd, std::string_view content) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// The PID a temporary's name carries ("NAME.tmp-qrs-PID-XXXXXX"), or 0.
pid_t writer_of(const std::string& name) {
  const std::size_t at = name.rfind(kMarker);
  if (at == std::string::npos) return 0;
  const std::size_t digits = at + kMarker.size();
  const std::size_t dash = name.find('-', digits);
  if (dash == std::string::npos || dash == digits || dash > digits + 9 || name.size() - dash - 1 != kRandomChars)
    return 0;
  pid_t pid = 0;
  for (std::size_t i = digits; i < dash; ++i) {
    if (name[i] < '0' || name[i] > '9') return 0;
    pid = pid * 10 + (name[i] - '0');
  }
  return pid;
}

}  // namespace

std::string file_error(std::string_view what, const fs::path& path, int err) {
  return std::string(what) + " " + printable(path.string()) + ": " + std::strerror(err);
}

namespace {
Expected<FileIdentity> identity_from(int status, const struct stat& st, const fs::path& target) {
  if (status != 0) {
    if (errno != ENOENT) return program_error(file_error("cannot read", target, errno));
    return FileIdentity{};
  }
  return FileIdentity{true,      S_ISREG(st.st_mode), static_cast<mode_t>(st.st_mode & 07777),
                      st.st_uid, st.st_gid,           st.st_nlink};
}
}  // namespace

Expected<FileIdentity> identity_of(const fs::path& target) {
  struct stat st {};
  const int status = ::lstat(target.c_str(), &st);
  return identity_from(status, st, target);
}

Expected<FileIdentity> identity_of(const OpenFolder& folder, const std::string& name) {
  struct stat st {};
  const int status = ::fstatat(folder.fd(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW);
  return identity_from(status, st, folder.path_of(name));
}

TempFile::~TempFile() { remove(); }

TempFile::TempFile(TempFile&& other) noexcept
    : path_(std::move(other.path_)),
      name_(std::move(other.name_)),
      folder_(std::move(other.folder_)),
      on_signal_(std::move(other.on_signal_)) {
  other.path_.clear();
  other.name_.clear();
}

TempFile& TempFile::operator=(TempFile&& other) noexcept {
  if (this != &other) {
    remove();
    path_ = std::move(other.path_);
    name_ = std::move(other.name_);
    folder_ = std::move(other.folder_);
    on_signal_ = std::move(other.on_signal_);
    other.path_.clear();
    other.name_.clear();
  }
  return *this;
}

void TempFile::keep() {
  on_signal_.release();
  path_.clear();
  name_.clear();
  folder_.reset();
}

void TempFile::remove() {
  if (path_.empty()) return;
  ::unlinkat(folder_fd(), name_.c_str(), 0);
  keep();
}

Expected<TempFile> TempFile::write_beside(const fs::path& target, std::string_view content, const FileIdentity& old) {
  auto opened = OpenFolder::open({}, target.parent_path(), false, nullptr);
  if (!opened) return opened.error();
  return write_in(std::make_shared<OpenFolder>(std::move(*opened)), target.filename().string(), content, old);
}

Expected<TempFile> TempFile::write_in(std::shared_ptr<const OpenFolder> folder, const std::string& target_name,
                                      std::string_view content, const FileIdentity& old) {
  const fs::path target = folder->path_of(target_name);
  const std::string stem = target_name + std::string(kMarker) + std::to_string(::getpid()) + "-";
  TempFile t;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    const std::string name = stem + random_suffix();
    // Registered before it exists, so that no moment has the file without the registration.
    t.on_signal_ = RemoveOnSignal(folder->path_of(name).string());
    fd = ::openat(folder->fd(), name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) {
      t.path_ = folder->path_of(name);
      t.name_ = name;
      t.folder_ = folder;
    } else if (errno != EEXIST) {
      break;
    }
  }
  if (fd < 0) {
    const int err = errno;
    t.on_signal_.release();
    return program_error(file_error("cannot write", target, err));
  }
  const mode_t mode = old.exists ? old.mode : static_cast<mode_t>(0666 & ~process_umask());
  bool ok = write_all(fd, content);
  int err = ok ? 0 : errno;
  // The owner first: a change of owner clears the set-id bits that fchmod then sets again.
  if (ok && old.exists && (old.owner != ::geteuid() || old.group != ::getegid())) {
    // Only root may give a file away: the owner is kept where the process can, else left as
    // made. (A cast to void does not quiet glibc's warn_unused_result under _FORTIFY_SOURCE.)
    if (::fchown(fd, old.owner, old.group) != 0) errno = 0;
  }
  if (ok && ::fchmod(fd, mode) != 0) ok = false, err = errno;
  if (::close(fd) != 0 && ok) ok = false, err = errno;
  if (!ok) {
    t.remove();
    return program_error(file_error("cannot write", target, err));
  }
  return t;
}

void remove_stale_temporaries(const OpenFolder& folder) {
  const int fd = ::openat(folder.fd(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);  // fdopendir takes it over
  DIR* dir = fd < 0 ? nullptr : ::fdopendir(fd);
  if (!dir) {
    if (fd >= 0) ::close(fd);
    return;
  }
  while (const dirent* e = ::readdir(dir)) {
    const std::string name = e->d_name;
    const pid_t pid = writer_of(name);
    if (pid <= 0 || pid == ::getpid()) continue;
    struct stat st {};
    if (::fstatat(folder.fd(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
        st.st_uid != ::geteuid()) {
      continue;
    }
    if (::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to ask about
    ::unlinkat(folder.fd(), name.c_str(), 0);
  }
  ::closedir(dir);
}

}  // namespace qrsc
