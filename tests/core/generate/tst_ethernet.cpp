// Ethernet fabrics from the fat-tree generator: the switch part decides the protocol, ports break
// out to the servers' speed, Spectrum-X multiplane's platform rules, dual-ToR (Alibaba HPN's pod,
// counts reproduced), and a taper between pods.
#include "analysis/network.h"
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

using namespace cplan;

namespace {

// The built-in catalog and tests/data/generate/ethernet-parts.yaml: a GB300 NVL72 rack and
// Alibaba HPN's host, which the built-in catalog does not have.
const Catalog &testCatalog()
{
    static const Catalog catalog = [] {
        Catalog c = test::builtinCatalog();
        const std::string path = test::testDataPath("generate/ethernet-parts.yaml");
        if (auto st = c.overlayYaml(test::readBytes(path).toStdString(), path); !st)
            qFatal("%s", st.error().message.c_str());
        return c;
    }();
    return catalog;
}

FatTreeSpec spec(const std::string &server, int count, const std::string &sw, const std::string &hca = {})
{
    FatTreeSpec s;
    s.servers = {{server, count}};
    s.switchPart = sw;
    s.hcaOverride = hca;
    return s;
}

std::string refusal(const FatTreeSpec &s)
{
    auto d = generateFatTree(s, testCatalog());
    return d.ok() ? std::string() : d.error().message;
}

bool contains(const std::string &text, const char *part) { return text.find(part) != std::string::npos; }

// The errors validation finds, one a line; empty when clean.
std::string errors(const Design &d)
{
    std::string out;
    for (const Finding &f : validateDesign(d, testCatalog()))
        if (f.severity == Severity::Error)
            out += f.code + ": " + f.message + "\n";
    return out;
}

// Links between a node of `a` and a node of `b` (tiers), counted once.
int linksBetween(const Design &d, Tier a, Tier b)
{
    int n = 0;
    for (const Link &l : d.links) {
        const Tier ta = d.node(l.a.node).tier, tb = d.node(l.b.node).tier;
        n += (ta == a && tb == b) || (ta == b && tb == a);
    }
    return n;
}

} // namespace

class TestEthernet : public QObject
{
    Q_OBJECT

private slots:
    // The switch part decides the fabric's protocol: an InfiniBand HCA is refused on an Ethernet
    // switch, with the NICs that would fit, and the reverse.
    void protocolDecides()
    {
        std::string why = refusal(spec("dgx-b200", 8, "sn5600"));
        QVERIFY2(contains(why, "Ethernet fabric") && contains(why, "InfiniBand NIC 'connectx-7'") && contains(why, "cx7-eth"),
                 why.c_str());
        why = refusal(spec("dgx-b200", 8, "qm9700", "cx7-eth"));
        QVERIFY2(contains(why, "InfiniBand fabric") && contains(why, "Ethernet NIC 'cx7-eth'") && contains(why, "connectx-7"),
                 why.c_str());
        FatTreeReport r;
        test::generateOrStop(spec("dgx-b200", 8, "qm9700"), testCatalog(), &r);
        QCOMPARE(r.protocol, Protocol::InfiniBand);
        QCOMPARE(r.breakout, 1);
    }

    // A rail-optimized RoCE leaf-spine of 64 DGX B200 with 400GbE NICs: SN5600's 800G ports run
    // as 2 x 400G, a radix of 128: one SU of 64 servers, 8 leaves (64 down, 64 up), 4 spines.
    void twoTierLeafSpine()
    {
        FatTreeReport r;
        const Design d = test::generateOrStop(spec("dgx-b200", 64, "sn5600", "cx7-eth"), testCatalog(), &r);
        QCOMPARE(r.protocol, Protocol::Ethernet);
        QCOMPARE(r.portSpeedGbps, 400.0);
        QCOMPARE(r.breakout, 2);
        QCOMPARE(r.switchPart, std::string("imported-sn5600-128x400g"));
        QCOMPARE(r.tiers, 2);
        QCOMPARE(r.rails, 8);
        QCOMPARE(r.leaves, 8);
        QCOMPARE(r.spines, 4);
        QCOMPARE(r.leafDown, 64);
        QCOMPARE(r.leafUp, 64);
        QCOMPARE(linksBetween(d, Tier::Leaf, Tier::Spine), 8 * 64);
        QCOMPARE(d.parts.size(), std::size_t(1));
        QCOMPARE(d.parts[0].ports, 128);
        const auto errs = errors(d);
        QVERIFY2(errs.empty(), errs.c_str());
        // The design carries its broken-out switch: it reads back as written.
        const std::string text = serializeDesign(d);
        auto back = parseDesign(text, "eth.yaml", &testCatalog());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(serializeDesign(*back), text);
    }

    // Leaf-spine-super-spine: the same generator's three tiers, pods and cores.
    void threeTiers()
    {
        FatTreeSpec s = spec("dgx-b200", 1024, "sn5600", "cx7-eth");
        s.tiers = 3;
        FatTreeReport r;
        const Design d = test::generateOrStop(s, testCatalog(), &r);
        QCOMPARE(r.tiers, 3);
        QVERIFY(r.pods >= 2);
        QVERIFY(r.cores > 0);
        QCOMPARE(linksBetween(d, Tier::Endpoint, Tier::Leaf), 1024 * 8);
        const auto errs = errors(d);
        QVERIFY2(errs.empty(), errs.c_str());
    }

    // --host-port-speed: the leaf's radix follows (SN5600 at 200G: 256 ports, of which the
    // planner uses 252, whole cages within its routing tables' 254); a speed the switch does not
    // list is refused with the list; faster than the NICs is refused.
    void hostPortSpeed()
    {
        FatTreeSpec s = spec("test-hpn-host", 32, "sn5600");
        s.hostPortSpeedGbps = 200;
        FatTreeReport r;
        const Design d = test::generateOrStop(s, testCatalog(), &r);
        QCOMPARE(r.breakout, 4);
        QCOMPARE(d.parts.at(0).id, std::string("imported-sn5600-256x200g"));
        QCOMPARE(d.parts.at(0).ports, 252);
        QCOMPARE(d.parts.at(0).portSpeedGbps, std::optional<double>(200));
        QVERIFY(r.leafDown + r.leafUp <= 252);
        QVERIFY(std::any_of(r.notes.begin(), r.notes.end(), [](const Message &m) { return contains(m.english(), "252 of the 256"); }));
        const std::string text = serializeDesign(d);
        auto back = parseDesign(text, "eth200.yaml", &testCatalog());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        s.hostPortSpeedGbps = 0;   // auto: the NICs' 200G, which SN5600 breaks out to
        test::generateOrStop(s, testCatalog(), &r);
        QCOMPARE(r.breakout, 4);
        s.hostPortSpeedGbps = 300;
        std::string why = refusal(s);
        QVERIFY2(contains(why, "800G, 400G, 200G") && contains(why, "not 300G"), why.c_str());
        s.hostPortSpeedGbps = 400;
        why = refusal(s);
        QVERIFY2(contains(why, "faster than the servers' NIC ports (200G)"), why.c_str());
        // InfiniBand's split (NDR200 on QM9700) is the same path: 128 ports of 200G.
        FatTreeSpec ib = spec("dgx-h100", 16, "qm9700");
        ib.hostPortSpeedGbps = 200;
        const Design split = test::generateOrStop(ib, testCatalog(), &r);
        QCOMPARE(r.breakout, 2);
        QCOMPARE(split.parts.at(0).ports, 128);
    }

    // Spectrum-X multiplane: DGX B300 with ConnectX-8 SuperNICs (2 x 400GbE) on SN5600, 2 planes,
    // port p of every NIC on plane p; it validates clean and routes.
    void spectrumXMultiplaneB300()
    {
        FatTreeSpec s = spec("dgx-b300", 32, "sn5600", "cx8-eth");
        s.planes = 2;
        FatTreeReport r;
        const Design d = test::generateOrStop(s, testCatalog(), &r);
        QCOMPARE(r.planes, 2);
        QCOMPARE(r.rails, 16);
        QCOMPARE(designPlanes(d), 2);
        for (const Link &l : d.links)
            if (d.node(l.a.node).role == NodeRole::Server)
                QCOMPARE(d.node(l.b.node).plane, (l.a.port - 1) % 2 + 1);   // NIC port 1 on plane 1, port 2 on plane 2
        const auto errs = errors(d);
        QVERIFY2(errs.empty(), errs.c_str());
        NetworkRequest request;
        auto a = analyzeNetwork(d, testCatalog(), request);
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
        QCOMPARE(a->planes.size(), std::size_t(2));
        QCOMPARE(a->endpoints, std::size_t(32 * 16));
        QCOMPARE(a->reachability->unreachablePairs, std::uint64_t(0));
    }

    // What the platforms do not support is refused with the reason.
    void multiplaneRefusals()
    {
        FatTreeSpec gb300 = spec("test-gb300-nvl72", 4, "sn5600");
        gb300.planes = 4;
        std::string why = refusal(gb300);
        QVERIFY2(contains(why, "4 planes are refused") && contains(why, "GB300") && contains(why, "B300 only"), why.c_str());
        gb300.planes = 2;
        QVERIFY2(refusal(gb300).empty(), refusal(gb300).c_str());
        FatTreeSpec b300 = spec("dgx-b300", 8, "sn5600", "cx8-eth");
        b300.planes = 3;
        why = refusal(b300);
        QVERIFY2(contains(why, "2 planes (dual-plane) or 4 (quad-plane)"), why.c_str());
        FatTreeSpec b200 = spec("dgx-b200", 8, "sn5600", "cx7-eth");
        b200.planes = 2;
        why = refusal(b200);
        QVERIFY2(contains(why, "B300 and GB300 systems only"), why.c_str());
        FatTreeSpec bf3 = spec("dgx-b300", 8, "sn5600", "bf3-b3140h");
        bf3.planes = 2;
        why = refusal(bf3);
        QVERIFY2(contains(why, "ConnectX-8"), why.c_str());
        // Off Spectrum-X a plane is a NIC port: HPN's 2-port NICs make 2 planes, not 4.
        FatTreeSpec hpn = spec("test-hpn-host", 8, "arista-7060x6-64pe");
        hpn.planes = 4;
        why = refusal(hpn);
        QVERIFY2(contains(why, "4 planes need NICs of 4 ports"), why.c_str());
    }

    // Quad-plane on B300: each ConnectX-8's 2 x 400G runs as 4 x 200G, one port per plane, on
    // SN5600s broken out to 256 x 200G; it validates clean and routes.
    void quadPlaneB300()
    {
        FatTreeSpec s = spec("dgx-b300", 32, "sn5600", "cx8-eth");
        s.planes = 4;
        FatTreeReport r;
        const Design d = test::generateOrStop(s, testCatalog(), &r);
        QCOMPARE(r.planes, 4);
        QCOMPARE(r.rails, 32);
        QCOMPARE(r.portSpeedGbps, 200.0);
        QCOMPARE(r.switchPart, std::string("imported-sn5600-256x200g"));
        QCOMPARE(d.parts.size(), std::size_t(2));
        QCOMPARE(d.parts[0].id, std::string("imported-cx8-eth-4x200g"));
        QCOMPARE(d.parts[0].ports, 4);
        QCOMPARE(r.leaves, 32);   // 8 rails per plane, one unit
        QVERIFY2(r.spines <= 32, std::to_string(r.spines).c_str());
        for (const Link &l : d.links)
            if (d.node(l.a.node).role == NodeRole::Server)
                QCOMPARE(d.node(l.b.node).plane, (l.a.port - 1) % 4 + 1);   // NIC port p on plane p
        const auto errs = errors(d);
        QVERIFY2(errs.empty(), errs.c_str());
        auto a = analyzeNetwork(d, testCatalog(), NetworkRequest{});
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
        QCOMPARE(a->planes.size(), std::size_t(4));
        QCOMPARE(a->reachability->unreachablePairs, std::uint64_t(0));
    }

    // Alibaba HPN's pod (SIGCOMM 2024; counts as Alibaba's SimAI generates its AlibabaHPN
    // dual-ToR dual-plane topology, aliyun/SimAI astra-sim-alibabacloud/inputs/topo/
    // gen_Topo_Template.py): 15,360 GPUs = 1,920 hosts of 8 GPUs and 8 NICs of 2 x 200G, 15
    // segments of 128 hosts; 240 ToRs (16 per segment: each NIC's two ports on two ToRs), 128
    // host ports each; 120 aggregation switches, 60 per plane; every ToR joined to each of the
    // 60 aggregation switches of its plane by a 400G link (14,400 links). On a 51.2T switch at
    // 200G (256 ports) the generator wires each 400G link as two 200G lanes.
    void hpnPod()
    {
        FatTreeSpec s = spec("test-hpn-host", 1920, "arista-7060x6-64pe");
        s.planes = 2;
        s.dualTor = true;
        s.blockingDown = 16;   // 128 x 200G down, 60 x 400G up
        s.blockingUp = 15;
        FatTreeReport r;
        const Design d = test::generateOrStop(s, testCatalog(), &r);
        QCOMPARE(r.tiers, 2);
        QCOMPARE(r.scalableUnits, 15);
        QCOMPARE(r.suSize, 128);
        QCOMPARE(r.leaves, 240);
        QCOMPARE(r.leafDown, 128);
        QCOMPARE(r.spines, 120);
        QCOMPARE(r.linksLeafSpine, 2);
        QCOMPARE(r.portSpeedGbps, 200.0);
        QCOMPARE(linksBetween(d, Tier::Endpoint, Tier::Leaf), 1920 * 16);
        QCOMPARE(linksBetween(d, Tier::Leaf, Tier::Spine) * 200 / 400, 14400);
        // Each ToR reaches all 60 aggregation switches of its plane, and no ToR of the other.
        std::map<std::string, std::set<std::string>> aggs;
        for (const Link &l : d.links) {
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            if (a.tier == Tier::Leaf && b.tier == Tier::Spine) {
                QCOMPARE(a.plane, b.plane);
                aggs[a.id].insert(b.id);
            }
        }
        QCOMPARE(aggs.size(), std::size_t(240));
        for (const auto &[tor, set] : aggs)
            QCOMPARE(set.size(), std::size_t(60));
        // Dual-ToR: a NIC's two ports (server ports 2k+1, 2k+2) on two different ToRs.
        std::map<std::pair<std::string, int>, std::set<std::string>> torsOfNic;
        for (const Link &l : d.links)
            if (d.node(l.a.node).role == NodeRole::Server)
                torsOfNic[{d.node(l.a.node).id, (l.a.port - 1) / 2}].insert(d.node(l.b.node).id);
        QCOMPARE(torsOfNic.size(), std::size_t(1920 * 8));
        for (const auto &[nic, tors] : torsOfNic)
            QCOMPARE(tors.size(), std::size_t(2));
    }

    // The single-plane HPN variant: both ToRs of a pair join all 120 aggregation switches.
    void hpnSinglePlane()
    {
        FatTreeSpec s = spec("test-hpn-host", 1920, "arista-7060x6-64pe");
        s.dualTor = true;
        s.blockingDown = 16;
        s.blockingUp = 15;
        FatTreeReport r;
        test::generateOrStop(s, testCatalog(), &r);
        QCOMPARE(r.leaves, 240);
        QCOMPARE(r.spines, 120);
        QCOMPARE(r.linksLeafSpine, 1);
    }

    void dualTorRefusals()
    {
        FatTreeSpec one = spec("dgx-b200", 8, "sn5600", "cx7-eth");
        one.dualTor = true;
        std::string why = refusal(one);
        QVERIFY2(contains(why, "one port"), why.c_str());
        FatTreeSpec packed = spec("test-hpn-host", 8, "sn5600");
        packed.dualTor = true;
        packed.rails = 1;   // a server's ports side by side on one leaf
        why = refusal(packed);
        QVERIFY2(contains(why, "same ToR"), why.c_str());
    }

    // A taper between pods: each pod spine's ports up are its ports down / 7, rounded up (a
    // spine has 56 of 64 ports for its pod, so pods grow); the cores shrink with them. Two
    // tiers have no pods to taper.
    void podOversubscription()
    {
        FatTreeSpec s = spec("dgx-h100", 512, "qm9700");
        s.tiers = 3;
        FatTreeReport full;
        const Design a = test::generateOrStop(s, testCatalog(), &full);
        s.podOversubDown = 7;
        FatTreeReport tapered;
        const Design b = test::generateOrStop(s, testCatalog(), &tapered);
        QCOMPARE(tapered.tiers, 3);
        const int down = linksBetween(b, Tier::Leaf, Tier::Spine), up = linksBetween(b, Tier::Spine, Tier::Core);
        QVERIFY(tapered.pods < full.pods);
        QVERIFY(linksBetween(b, Tier::Spine, Tier::Core) < linksBetween(a, Tier::Spine, Tier::Core));
        QVERIFY2(up * 7 >= down && up * 7 < down + 7 * tapered.spines, (std::to_string(up) + " up, " + std::to_string(down) + " down").c_str());
        QVERIFY(tapered.cores < full.cores);
        const auto errs = errors(b);
        QVERIFY2(errs.empty(), errs.c_str());
        s.tiers = 2;
        QVERIFY2(contains(refusal(s), "needs pods"), refusal(s).c_str());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestEthernet)
#include "tst_ethernet.moc"
