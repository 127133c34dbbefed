#pragma once

class QVBoxLayout;
class QWidget;

namespace cplan {

// Fills `owner` with a frameless scroll area and returns the layout of the widget it scrolls, so
// that a dock's controls and charts scroll rather than push the window beyond a laptop screen.
QVBoxLayout *scrollingLayout(QWidget *owner);

} // namespace cplan
