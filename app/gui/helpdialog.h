#pragma once

#include <QCoreApplication>

class QWidget;

namespace cplan {

// Help ▸ Cluster Planner help (F1): how to work in the window, the shortcuts, and what each
// key figure means and leaves out; Help ▸ About. Built in and translated: no network, no
// installed documentation needed.
class HelpDialog
{
    Q_DECLARE_TR_FUNCTIONS(cplan::HelpDialog)

public:
    static void show(QWidget *parent);
    static void about(QWidget *parent);
    // The help page (HTML), for tests and the dialog.
    static QString html();
};

} // namespace cplan
