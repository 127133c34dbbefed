#include "export/csv.h"

namespace cplan {

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string csvLine(const std::vector<std::string> &fields)
{
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i)
            out += ',';
        out += csvField(fields[i]);
    }
    return out + "\n";
}

std::vector<CsvRecord> readCsvRecords(std::string_view text, int *unterminatedLine)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    std::vector<CsvRecord> records;
    CsvRecord record{1, {}};
    std::string field;
    bool quoted = false, any = false;
    int line = 1, quoteLine = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n')
            ++line;
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
            continue;
        }
        if (c == '"') {
            quoted = true;
            quoteLine = line;
            any = true;
        } else if (c == ',') {
            record.fields.push_back(std::move(field));
            field.clear();
            any = true;
        } else if (c == '\n') {
            if (!field.empty() && field.back() == '\r')
                field.pop_back();
            record.fields.push_back(std::move(field));
            field.clear();
            records.push_back(std::move(record));
            record = CsvRecord{line, {}};
            any = false;
        } else {
            field += c;
            any = true;
        }
    }
    if (any || !field.empty()) {
        record.fields.push_back(std::move(field));
        records.push_back(std::move(record));
    }
    if (unterminatedLine)
        *unterminatedLine = quoted ? quoteLine : 0;
    return records;
}

std::vector<std::vector<std::string>> parseCsv(std::string_view text)
{
    std::vector<std::vector<std::string>> rows;
    for (CsvRecord &r : readCsvRecords(text))
        rows.push_back(std::move(r.fields));
    return rows;
}

} // namespace cplan
