#pragma once

#include "document.h"

#ifndef Q_MOC_RUN
#include "catalog/exchangerates.h"
#include "catalog/part.h"
#include "catalog/pricequote.h"
#endif

#include <QCoreApplication>
#include <QStringList>
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

// Adds an exchange rate to the user's store (File > Design settings) and sets the window's
// catalog rates to the ones that then apply; undo forgets exactly that rate. Like AddPrices it
// changes no design but sits on the document's undo stack.
class AddExchangeRate : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(AddExchangeRate)
public:
    // Stores the rate and returns the command that has done so, to push; nullptr with `error`
    // set when the store refuses it (not a currency, not a positive rate; nothing changed then).
    static std::unique_ptr<AddExchangeRate> create(Document *document, ExchangeRate rate, QString *error);
    void redo() override;
    void undo() override;

private:
    AddExchangeRate(Document *document, ExchangeRate rate);
    bool store(QString *error);
    void applyToCatalog();

    Document *m_document;
    ExchangeRate m_rate;
    long long m_id = 0;      // the store's row while done
    bool m_stored = false;   // create() stored it: the first redo only applies it
};

// Reads a quote (CSV or XLSX; rows without a currency are in the design's) and pushes one
// AddPrices for it. Returns the number of prices imported; 0 with `error` set when the quote
// or the store refuses it (nothing changes then). `needRates` gets the quote's currencies that
// have no exchange rate to the design's (those lines stay unknown until one is entered).
int importPriceQuote(Document *document, const QString &fileName, QString *error, QStringList *needRates = nullptr);

} // namespace cplan
