#pragma once

// The plumbing every XLSX the engine writes shares (libxlsxwriter): a sheet helper, and writing
// the workbook to a temporary file that then moves into place atomically.

#include "util/error.h"

#include <xlsxwriter.h>

#include <algorithm>
#include <functional>
#include <string>

namespace cplan {

class XlsxSheet
{
public:
    XlsxSheet(lxw_workbook *wb, const std::string &name) : m_ws(workbook_add_worksheet(wb, name.c_str())) {}
    lxw_worksheet *ws() const { return m_ws; }
    // Empty texts leave the cell empty (unknown stays empty, not "").
    void text(int r, int c, const std::string &s, lxw_format *f = nullptr)
    {
        if (!s.empty())
            worksheet_write_string(m_ws, lxw_row_t(r), lxw_col_t(c), s.c_str(), f);
    }
    void number(int r, int c, double v, lxw_format *f = nullptr) { worksheet_write_number(m_ws, lxw_row_t(r), lxw_col_t(c), v, f); }
    void formula(int r, int c, const std::string &f, double cached, lxw_format *fmt = nullptr)
    {
        worksheet_write_formula_num(m_ws, lxw_row_t(r), lxw_col_t(c), f.c_str(), fmt, cached);
    }
    void width(int first, int last, double w) { worksheet_set_column(m_ws, lxw_col_t(first), lxw_col_t(last), w, nullptr); }
    // A note (an Excel comment) on a cell, such as why it is empty.
    void note(int r, int c, const std::string &s) { worksheet_write_comment(m_ws, lxw_row_t(r), lxw_col_t(c), s.c_str()); }
    // Printing: landscape, one page wide (as many pages tall as it takes), the first
    // `headerRows` rows repeated on every page, the print area rows 0..lastRow, columns 0..lastColumn.
    void printSetup(int lastRow, int lastColumn, int headerRows = 1)
    {
        worksheet_set_landscape(m_ws);
        worksheet_fit_to_pages(m_ws, 1, 0);
        if (headerRows > 0)
            worksheet_repeat_rows(m_ws, 0, lxw_row_t(headerRows - 1));
        worksheet_print_area(m_ws, 0, 0, lxw_row_t(std::max(0, lastRow)), lxw_col_t(std::max(0, lastColumn)));
    }

private:
    lxw_worksheet *m_ws;
};

// The header format of our sheets (bold on a light band, a line under).
lxw_format *xlsxHeaderFormat(lxw_workbook *wb);

// Creates a workbook in a temporary file, lets `fill` write it, closes it and moves it to
// `path` atomically; on any failure `path` is left as it was.
Status writeXlsxAtomically(const std::string &path, const std::function<Status(lxw_workbook *)> &fill);

} // namespace cplan
