#pragma once

#include <QWidget>

#ifndef Q_MOC_RUN
#include "routing/designsearch.h"
#endif

#include <vector>

class QLabel;
class QLineEdit;

namespace cplan {

class CanvasScene;
class CanvasView;

// Find on the canvas (Ctrl+F): a server, switch, port ("node:port"), link, rack or GUID.
// Return selects the first hit and centres it; Return again goes to the next one; Esc closes.
class CanvasSearchBar : public QWidget
{
    Q_OBJECT

public:
    CanvasSearchBar(CanvasScene *scene, CanvasView *view, QWidget *parent = nullptr);

    QLineEdit *edit() const { return m_edit; }
    // Searches for `text` and shows the first hit; returns the number of hits.
    int find(const QString &text);
    void next();
    void open();   // shows the bar with the focus in the field
    QString resultText() const;

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void show(std::size_t index);
    void forgetHits();

    CanvasScene *m_scene;
    CanvasView *m_view;
    QLineEdit *m_edit;
    QLabel *m_result;
    QString m_query;
    std::vector<SearchHit> m_hits;
    std::size_t m_current = 0;
    int m_highlightedPort = 0;
    std::string m_highlightedNode;
};

} // namespace cplan
