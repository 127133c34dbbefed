#include "util/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace cplan {

Status writeFileAtomically(const std::string &path, std::string_view contents)
{
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
    int fd = ::mkstemp(tmpl.data());
    if (fd < 0)
        return makeError(path, 0, 0, std::string("cannot create a temporary file: ") + std::strerror(errno));

    // Keep the permissions of the file we replace, or use the usual 0644.
    struct stat st {};
    ::fchmod(fd, ::stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0644);

    const char *p = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const std::string why = std::strerror(errno);
            ::close(fd);
            ::unlink(tmpl.c_str());
            return makeError(path, 0, 0, "write failed: " + why);
        }
        p += n;
        left -= std::size_t(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmpl.c_str());
        return makeError(path, 0, 0, "write failed: " + why);
    }
    if (::rename(tmpl.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmpl.c_str());
        return makeError(path, 0, 0, "cannot replace the file: " + why);
    }
    // Make the rename itself durable.
    int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return Ok{};
}

Result<std::string> readFile(const std::string &path, std::size_t maxBytes)
{
    std::FILE *f = std::fopen(path.c_str(), "rb");
    if (!f)
        return makeError(path, 0, 0, std::string("cannot open: ") + std::strerror(errno));
    // Refuse an oversized file up front, before reading (and allocating) any of it.
    struct stat st {};
    if (::fstat(::fileno(f), &st) == 0 && S_ISREG(st.st_mode) && std::uint64_t(st.st_size) > maxBytes) {
        std::fclose(f);
        return makeError(path, 0, 0, "file is " + std::to_string(st.st_size / (1024 * 1024)) + " MiB, larger than the limit of " +
                                         std::to_string(maxBytes / (1024 * 1024)) + " MiB");
    }
    std::string data;
    if (S_ISREG(st.st_mode) && st.st_size > 0)
        data.reserve(std::size_t(st.st_size));
    char buf[1 << 16];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
        data.append(buf, n);
        if (data.size() > maxBytes) {
            std::fclose(f);
            return makeError(path, 0, 0, "file is larger than the limit of " + std::to_string(maxBytes) + " bytes");
        }
    }
    const bool failed = std::ferror(f);
    std::fclose(f);
    if (failed)
        return makeError(path, 0, 0, "read error");
    return data;
}

} // namespace cplan
