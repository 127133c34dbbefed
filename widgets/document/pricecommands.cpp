#include "pricecommands.h"

#include "catalog/catalog.h"
#include "catalog/userstore.h"

#include <QFileInfo>
#include <QUndoStack>

#include <set>

namespace cplan {

AddPrices::AddPrices(Document *document, std::vector<PriceOverride> entries, const QString &text)
    : QUndoCommand(text)
    , m_document(document)
    , m_entries(std::move(entries))
{
    std::set<std::string> seen;
    for (const PriceOverride &e : m_entries)
        if (const Part *p = document->catalog().find(e.partId); p && seen.insert(e.partId).second)
            m_before.push_back(*p);
}

std::unique_ptr<AddPrices> AddPrices::create(Document *document, std::vector<PriceOverride> entries, const QString &text,
                                             QString *error)
{
    if (!document->canEditPrices()) {
        if (error)
            *error = tr("Prices cannot be changed here (no price book).");
        return nullptr;
    }
    std::unique_ptr<AddPrices> command(new AddPrices(document, std::move(entries), text));
    if (!command->store(error))
        return nullptr;
    return command;
}

bool AddPrices::store(QString *error)
{
    auto opened = UserStore::open(m_document->storePath());
    if (!opened) {
        if (error)
            *error = QString::fromStdString(opened.error().toString());
        return false;
    }
    auto ids = opened->addPrices(m_entries);
    if (!ids) {
        if (error)
            *error = QString::fromStdString(ids.error().toString());
        return false;
    }
    m_ids = std::move(*ids);
    m_stored = true;
    return true;
}

// The catalog's price of each part: the book's that applies, else the one before the first store.
void AddPrices::applyToCatalog()
{
    Catalog *catalog = m_document->writableCatalog();
    auto opened = UserStore::open(m_document->storePath());
    for (const Part &before : m_before) {
        if (opened && opened->applyPriceTo(*catalog, before.id))
            continue;
        // No price in the book: the part's price as it was (unknown included).
        const Part *now = catalog->find(before.id);
        if (!now)
            continue;
        Part restored = *now;
        restored.unitPrice = before.unitPrice;
        restored.currency = before.currency;
        restored.priceSource = before.priceSource;
        restored.priceEstimate = before.priceEstimate;
        catalog->addOrReplace(std::move(restored));
    }
    m_document->notifyPricesChanged();
}

void AddPrices::redo()
{
    if (!m_stored) {
        QString error;
        if (!store(&error))
            qWarning("price book: %s", qPrintable(error));
    }
    applyToCatalog();
}

void AddPrices::undo()
{
    if (m_stored) {
        if (auto opened = UserStore::open(m_document->storePath())) {
            if (auto st = opened->removePrices(m_ids); !st)
                qWarning("price book: %s", st.error().toString().c_str());
        }
        m_ids.clear();
        m_stored = false;
    }
    applyToCatalog();
}

// --- AddExchangeRate ------------------------------------------------------------------------

AddExchangeRate::AddExchangeRate(Document *document, ExchangeRate rate)
    : QUndoCommand(tr("Set the %1 exchange rate").arg(QString::fromStdString(rate.currency)))
    , m_document(document)
    , m_rate(std::move(rate))
{
}

std::unique_ptr<AddExchangeRate> AddExchangeRate::create(Document *document, ExchangeRate rate, QString *error)
{
    if (!document->canEditPrices()) {
        if (error)
            *error = tr("Exchange rates cannot be changed here (no price book).");
        return nullptr;
    }
    std::unique_ptr<AddExchangeRate> command(new AddExchangeRate(document, std::move(rate)));
    if (!command->store(error))
        return nullptr;
    return command;
}

bool AddExchangeRate::store(QString *error)
{
    auto opened = UserStore::open(m_document->storePath());
    auto id = opened ? opened->addRate(m_rate) : Result<long long>(opened.error());
    if (!id) {
        if (error)
            *error = QString::fromStdString(id.error().toString());
        return false;
    }
    m_id = *id;
    m_stored = true;
    return true;
}

void AddExchangeRate::applyToCatalog()
{
    if (auto opened = UserStore::open(m_document->storePath()))
        m_document->writableCatalog()->setRates(opened->rates());
    m_document->notifyPricesChanged();
}

void AddExchangeRate::redo()
{
    if (!m_stored) {
        QString error;
        if (!store(&error))
            qWarning("exchange rates: %s", qPrintable(error));
    }
    applyToCatalog();
}

void AddExchangeRate::undo()
{
    if (m_stored) {
        if (auto opened = UserStore::open(m_document->storePath()))
            if (auto st = opened->removeRate(m_id); !st)
                qWarning("exchange rates: %s", st.error().toString().c_str());
        m_stored = false;
    }
    applyToCatalog();
}

// --- importPriceQuote -----------------------------------------------------------------------

int importPriceQuote(Document *document, const QString &fileName, QString *error, QStringList *needRates)
{
    QuoteDefaults defaults;
    defaults.currency = document->design().settings.currency;
    auto entries = readPriceQuoteFile(fileName.toStdString(), document->catalog(), defaults);
    if (!entries) {
        if (error)
            *error = QString::fromStdString(entries.error().toString());
        return 0;
    }
    const int n = int(entries->size());
    if (needRates) {
        needRates->clear();
        const ExchangeRates &rates = document->catalog().rates();
        for (const PriceOverride &e : *entries)
            if (!rates.factor(e.currency, defaults.currency))
                for (const std::string &c : {e.currency, defaults.currency})
                    if (!rates.known(c) && !needRates->contains(QString::fromStdString(c)))
                        needRates->append(QString::fromStdString(c));
    }
    auto command = AddPrices::create(document, std::move(*entries),
                                     AddPrices::tr("Import %n price(s) from %1", "", n).arg(QFileInfo(fileName).fileName()), error);
    if (!command)
        return 0;
    document->undoStack()->push(command.release());
    return n;
}

} // namespace cplan
