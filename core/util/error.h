#pragma once

#include "util/message.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace cplan {

// An error a user can cause (bad file, bad flag). Carries where it happened so that the
// CLI and the GUI can say "file:line:column: message".
struct Error
{
    std::string file;      // may be empty when there is no file
    int line = 0;          // 1-based; 0 = unknown
    int column = 0;        // 1-based; 0 = unknown
    std::string message;   // English
    Message text = {};     // the same as a template and arguments, when the GUI can translate it

    std::string toString() const;
};

// Result<T>: a value or an Error. Small on purpose; no exceptions cross module borders.
template<class T>
class Result
{
public:
    Result(T value) : m_v(std::move(value)) {}
    Result(Error error) : m_v(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_v); }
    explicit operator bool() const { return ok(); }
    T &value() { return std::get<T>(m_v); }
    const T &value() const { return std::get<T>(m_v); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    const Error &error() const { return std::get<Error>(m_v); }

private:
    std::variant<T, Error> m_v;
};

struct Ok {};
using Status = Result<Ok>;

inline Error makeError(std::string file, int line, int column, std::string message)
{
    return Error{std::move(file), line, column, std::move(message), {}};
}

// An error whose message the GUI can translate (see util/message.h).
inline Error makeError(std::string file, Message text)
{
    std::string english = text.english();
    return Error{std::move(file), 0, 0, std::move(english), std::move(text)};
}

} // namespace cplan
