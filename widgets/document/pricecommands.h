#pragma once

#include "document.h"

#ifndef Q_MOC_RUN
#include "catalog/part.h"
#include "catalog/pricequote.h"
#endif

#include <QCoreApplication>
#include <QUndoCommand>

#include <memory>
#include <string>
#include <vector>

namespace cplan {

// Adds prices to the user's price book (the SQLite store the window's catalog was loaded from)
// and sets them in the window's catalog: a price typed into the BOM dock, or a whole quote
// (File > Import price list). One undo step: undo removes exactly these entries from the store,
// so the part's price history is as it was, and the catalog's price is the one that then
// applies (the book's, else the part's price before). The design is not touched, but the step
// sits on the document's undo stack because Ctrl+Z is where a user looks for it.
class AddPrices : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(AddPrices)
public:
    // Stores the entries (all or nothing) and returns the command that has done so, to push;
    // nullptr with `error` set when the store refuses them (nothing changed then).
    static std::unique_ptr<AddPrices> create(Document *document, std::vector<PriceOverride> entries, const QString &text,
                                             QString *error);
    void redo() override;
    void undo() override;

private:
    AddPrices(Document *document, std::vector<PriceOverride> entries, const QString &text);
    bool store(QString *error);
    void applyToCatalog();

    Document *m_document;
    std::vector<PriceOverride> m_entries;
    std::vector<long long> m_ids;   // the store's rows while done
    std::vector<Part> m_before;     // the catalog's parts before the first store (their prices)
    bool m_stored = false;          // create() stored them: the first redo only applies them
};

// Reads a quote (CSV or XLSX; rows without a currency are in the design's) and pushes one
// AddPrices for it. Returns the number of prices imported; 0 with `error` set when the quote
// or the store refuses it (nothing changes then).
int importPriceQuote(Document *document, const QString &fileName, QString *error);

} // namespace cplan
