#include "scrollpanel.h"

#include <QScrollArea>
#include <QVBoxLayout>

namespace cplan {

QVBoxLayout *scrollingLayout(QWidget *owner)
{
    auto *outer = new QVBoxLayout(owner);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(owner);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto *content = new QWidget(scroll);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);
    return layout;
}

} // namespace cplan
