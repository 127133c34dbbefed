#include "document.h"

#include "io/designyaml.h"

namespace cplan {

Document::Document(const Catalog &catalog, QObject *parent)
    : QObject(parent)
    , m_catalog(catalog)
{
    connect(&m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

bool Document::load(const QString &fileName, QString *error)
{
    auto loaded = loadDesign(fileName.toStdString(), &m_catalog);
    if (!loaded) {
        if (error)
            *error = QString::fromStdString(loaded.error().toString());
        return false;
    }
    m_design = std::move(*loaded);
    m_fileName = fileName;
    m_undoStack.clear();
    emit designReplaced();
    return true;
}

bool Document::save(const QString &fileName, QString *error)
{
    auto saved = saveDesign(m_design, fileName.toStdString());
    if (!saved) {
        if (error)
            *error = QString::fromStdString(saved.error().toString());
        return false;
    }
    m_fileName = fileName;
    m_undoStack.setClean();
    return true;
}

} // namespace cplan
