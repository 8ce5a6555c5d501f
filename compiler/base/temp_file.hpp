// A file's new content written beside it under a name nobody else can have made: created with
// O_CREAT|O_EXCL|O_NOFOLLOW under a random name that carries the writer's PID
// (`hdr.hpp.tmp-qrs-4711-k3J9xQ`), so a link planted in a shared folder is never followed or
// overwritten. Removed on SIGINT/SIGTERM/SIGHUP and when dropped uncommitted; what a SIGKILL
// leaves, the next writer into that folder removes (remove_stale_temporaries).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "qrsc/base/expected.hpp"
#include "qrsc/base/open_folder.hpp"
#include "qrsc/base/remove_on_signal.hpp"

namespace qrsc {

// What a replaced file keeps of the file it replaces.
struct FileIdentity {
  bool exists = false;
  bool regular = false;  // a regular file (lstat: a link is not one)
  mode_t mode = 0;       // permission bits
  uid_t owner = 0;
  gid_t group = 0;
  nlink_t links = 0;
};

// The target as it is now (lstat: a link is not followed; a missing target is one that does not
// exist), or why it cannot be read.
Expected<FileIdentity> identity_of(const std::filesystem::path& target);
// The same for `name` in an open folder (fstatat without following a link).
Expected<FileIdentity> identity_of(const OpenFolder& folder, const std::string& name);

class TempFile {
 public:
  TempFile() = default;
  ~TempFile();
  TempFile(TempFile&&) noexcept;
  TempFile& operator=(TempFile&&) noexcept;
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  // Writes `content` to a new temporary beside `target`, with the mode (and, where the process
  // may, the owner) of `old`, or 0666 less the umask for a new file. An error names the target
  // and the system's reason; nothing is left behind then.
  static Expected<TempFile> write_beside(const std::filesystem::path& target, std::string_view content,
                                         const FileIdentity& old);
  // The same beside `name` in an open folder (the temporary is made, renamed and removed
  // relative to it).
  static Expected<TempFile> write_in(std::shared_ptr<const OpenFolder> folder, const std::string& name,
                                     std::string_view content, const FileIdentity& old);

  [[nodiscard]] bool empty() const { return path_.empty(); }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }  // for messages and signals
  [[nodiscard]] const std::string& name() const { return name_; }            // in its folder
  [[nodiscard]] int folder_fd() const { return folder_ ? folder_->fd() : -1; }
  // The temporary was renamed into place (or handed on): it is not removed any more.
  void keep();
  // Removes it now.
  void remove();

 private:
  std::filesystem::path path_;
  std::string name_;
  std::shared_ptr<const OpenFolder> folder_;
  RemoveOnSignal on_signal_;
};

// Removes the temporaries of writers that died without cleaning up (SIGKILL, a power cut): the
// regular files in `folder` named like a TempFile whose PID is no running process and that this
// user owns. Others' files and live writers' files are left alone.
void remove_stale_temporaries(const OpenFolder& folder);

// "what: path: reason" with the path's control characters escaped.
std::string file_error(std::string_view what, const std::filesystem::path& path, int err);

}  // namespace qrsc
