#pragma once

#include <QString>

#include <optional>

class QObject;
class QWidget;

namespace cplan {

// The language changed while the window is open (View ▸ Language): every text that was set from a
// translation is set again in the new language. A translator installed first of all (and kept)
// notes each translation it hands out with its context and source; retranslateWidgets() walks a
// window and puts each text it finds there through QCoreApplication::translate again: menus and
// actions (titles, tooltips), dock and toolbar titles, labels, buttons, group boxes and combo box
// items. A text composed of a translation and figures ("40 jobs on 32 GPUs") is not one it
// handed out: the view that made it writes it again when it next refreshes.

// Installs the noting translator around `ours` (our translation, or null for English); from
// then on setNotedTranslation() swaps the translation it delegates to.
void installNotingTranslator(QObject *app);
// Our translation for the new language (null: English); sends QEvent::LanguageChange.
void setNotedTranslation(QObject *translator);
// The text in the current language, if `text` is a translation (in any language) handed out.
std::optional<QString> translatedAgain(const QString &text);
void retranslateWidgets(QWidget *root);

} // namespace cplan
