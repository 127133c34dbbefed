#include "export/xlsxfile.h"

#include "util/atomicfile.h"

#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace cplan {

lxw_format *xlsxHeaderFormat(lxw_workbook *wb)
{
    lxw_format *header = workbook_add_format(wb);
    format_set_bold(header);
    format_set_bg_color(header, 0xDDE4EE);
    format_set_bottom(header, LXW_BORDER_THIN);
    return header;
}

Status writeXlsxAtomically(const std::string &path, const std::function<Status(lxw_workbook *)> &fill)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    std::string tmpl = (fs::temp_directory_path(ec) / "cplan-xlsx-XXXXXX").string();
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0)
        return makeError(path, 0, 0, "cannot create a temporary file for the workbook");
    ::close(fd);
    const std::string tmp = tmpl;
    struct Cleanup
    {
        std::string file;
        ~Cleanup() { std::remove(file.c_str()); }
    } cleanup{tmp};

    lxw_workbook *wb = workbook_new(tmp.c_str());
    if (!wb)
        return makeError(path, 0, 0, "cannot create the workbook");
    const Status filled = fill(wb);
    const lxw_error err = workbook_close(wb);
    if (!filled)
        return filled;
    if (err != LXW_NO_ERROR)
        return makeError(path, 0, 0, std::string("cannot write the workbook: ") + lxw_strerror(err));
    auto bytes = readFile(tmp);
    if (!bytes)
        return bytes.error();
    return writeFileAtomically(path, *bytes);
}

} // namespace cplan
