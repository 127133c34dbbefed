#pragma once

#include "model/design.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

namespace cplan {

class Catalog;

// The open design: owns the model and the undo stack (Tiled's pattern). Every edit is a
// QUndoCommand pushed on undoStack(); the modified flag is the stack's clean state.
class Document : public QObject
{
    Q_OBJECT

public:
    explicit Document(const Catalog &catalog, QObject *parent = nullptr);

    const Design &design() const { return m_design; }
    Design &design() { return m_design; }
    const Catalog &catalog() const { return m_catalog; }
    QUndoStack *undoStack() { return &m_undoStack; }

    QString fileName() const { return m_fileName; }
    bool isModified() const { return !m_undoStack.isClean(); }

    // Loads a design; on error returns false with the message (file:line:column) and leaves
    // this document untouched.
    bool load(const QString &fileName, QString *error);
    bool save(const QString &fileName, QString *error);

signals:
    void designReplaced();
    void modifiedChanged(bool modified);

private:
    const Catalog &m_catalog;
    Design m_design;
    QUndoStack m_undoStack;
    QString m_fileName;
};

} // namespace cplan
