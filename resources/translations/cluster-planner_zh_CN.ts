<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AddExchangeRate</name>
    <message>
        <location filename="../../widgets/document/pricecommands.cpp" line="+105"/>
        <source>Set the %1 exchange rate</source>
        <translation>设置 %1 汇率</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Exchange rates cannot be changed here (no price book).</source>
        <translation>此处无法更改汇率（没有价格簿）。</translation>
    </message>
</context>
<context>
    <name>AddLinks</name>
    <message numerus="yes">
        <location filename="../../widgets/document/commands.cpp" line="+89"/>
        <source>Connect %n link(s)</source>
        <translation>
            <numerusform>连接 %n 条链路</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AddNodes</name>
    <message numerus="yes">
        <location line="-71"/>
        <source>Add %n node(s)</source>
        <translation>
            <numerusform>添加 %n 个节点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AddPrices</name>
    <message>
        <location filename="../../widgets/document/pricecommands.cpp" line="-86"/>
        <source>Prices cannot be changed here (no price book).</source>
        <translation>此处不能修改价格（没有价格簿）。</translation>
    </message>
    <message numerus="yes">
        <location line="+160"/>
        <source>Import %n price(s) from %1</source>
        <translation>
            <numerusform>从 %1 导入 %n 个价格</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <location filename="../../widgets/l10n/l10n.cpp" line="+61"/>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>management</source>
        <translation>管理设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hca</source>
        <translation>网卡 (HCA)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>transceiver</source>
        <translation>光模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../core/export/bomworkbook.cpp" line="+45"/>
        <source>rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>leaf</source>
        <translation>叶</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>spine</source>
        <translation>脊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>core</source>
        <translation>核心</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+26"/>
        <source>tier %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>node-leaf</source>
        <translation>节点—叶</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leaf-spine</source>
        <translation>叶—脊</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>spine-core</source>
        <translation>脊—核心</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../../core/cost/bom.h" line="+17"/>
        <source>unknown part</source>
        <translation>未知部件</translation>
    </message>
    <message>
        <location filename="../../core/generate/fattreeshape.cpp" line="+36"/>
        <source>unknown switch part &apos;%1&apos;</source>
        <translation>未知交换机部件“%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is not a switch</source>
        <translation>“%1”不是交换机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>switch &apos;%1&apos; has too few ports</source>
        <translation>交换机“%1”端口太少</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no servers given</source>
        <translation>未指定服务器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the blocking ratio D:U needs two positive whole numbers</source>
        <translation>收敛比 D:U 需要两个正整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the oversubscription between pods D:U needs whole numbers from 1 to 64</source>
        <translation>pod 间超额订阅 D:U 需要 1 到 64 的整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>oversubscription between pods needs pods: 3 tiers (or auto)</source>
        <translation>pod 间超额订阅需要 pod：3 层（或 auto）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the host port speed must be from 1 to 10000 Gb/s</source>
        <translation>主机端口速率必须在 1 到 10000 Gb/s 之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tiers must be auto, 1, 2 or 3</source>
        <translation>层数必须为自动、1、2 或 3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the number of management appliances must be from 0 to 1000</source>
        <translation>管理设备数量必须在 0 到 1000 之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>servers per rack must be at least 1</source>
        <translation>每个机柜的服务器数至少为 1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>planes must be from 1 to %1</source>
        <translation>平面数必须在 1 到 %1 之间</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&apos;%1&apos; is not an HCA part</source>
        <translation>“%1”不是网卡部件</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>unknown server part &apos;%1&apos;</source>
        <translation>未知服务器部件“%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&apos;%1&apos; is not a server</source>
        <translation>“%1”不是服务器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a server count must not be negative</source>
        <translation>服务器数量不能为负数</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>server &apos;%1&apos; has no fabric ports (no HCA)</source>
        <translation>服务器“%1”没有网络端口（没有网卡）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all servers of one fat tree need the same number of fabric ports (&apos;%1&apos; has %2, others %3)</source>
        <translation>同一棵胖树中的所有服务器必须有相同数量的网络端口（“%1”有 %2 个，其他服务器有 %3 个）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the number of servers must be from 1 to %1</source>
        <translation>服务器数量必须在 1 到 %1 之间</translation>
    </message>
    <message>
        <location line="+156"/>
        <source>the leaves of a pod do not fit its spines</source>
        <translation>pod 的叶交换机放不进其脊交换机</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>pods tapered %1:%2: each pod spine has %3 ports down to its pod and %4 up to the cores, so traffic between pods has %4/%3 of the bandwidth within a pod</source>
        <translation>pod 收敛 %1:%2：每台 pod 脊交换机有 %3 个端口向下连接本 pod、%4 个向上连接核心，因此 pod 之间的流量只有 pod 内带宽的 %4/%3</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>leaf ports: %1 down, %2 up, %3 unused (the uplinks follow the down ports a leaf uses at %4:%5; a leaf could take %6 down, %7 up)</source>
        <translation>叶交换机端口：下行 %1，上行 %2，%3 个未使用（上行端口按叶交换机实际使用的下行端口以 %4:%5 配置；叶交换机最多可用下行 %6、上行 %7）</translation>
    </message>
    <message>
        <location line="-320"/>
        <source>the catalog has no management appliance part (role: management)</source>
        <translation>目录中没有管理设备部件（role: management）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>management appliance part &apos;%1&apos; is not in the catalog</source>
        <translation>管理设备部件“%1”不在目录中</translation>
    </message>
    <message>
        <location filename="../../core/generate/fattree.cpp" line="+266"/>
        <source>rails must divide the number of fabric ports per server (%1): 1, the port count, or a divisor between</source>
        <translation>轨道数必须整除每台服务器的网络端口数（%1）：1、端口数，或两者之间的约数</translation>
    </message>
    <message>
        <location filename="../../core/generate/fattreeshape.cpp" line="+48"/>
        <source>blocking ratio %1:%2 does not fit a %3-port switch</source>
        <translation>收敛比 %1:%2 不适用于 %3 端口交换机</translation>
    </message>
    <message>
        <location line="+235"/>
        <source>%1 uplinks per leaf rather than the %2 that %3:%4 needs: they split evenly over fewer switches</source>
        <translation>每台叶交换机 %1 条上行链路，而非 %3:%4 所需的 %2 条：这样能均匀分到更少的交换机上</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>scalable unit: %1 servers, the fewest switches (%2) of the sizes from %3 (a leaf at full bisection) to %4 (what a %5:%6 leaf takes)</source>
        <translation>可扩展单元：%1 台服务器，在 %3（全对分带宽下一台叶交换机容纳的数量）到 %4（%5:%6 叶交换机容纳的数量）之间的规模中交换机最少（%2 台）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>servers per leaf: %1, the fewest switches (%2) of the fills from %3 (a leaf at full bisection) to %4 (what a %5:%6 leaf takes)</source>
        <translation>每台叶交换机 %1 台服务器，在 %3（全对分带宽下一台叶交换机容纳的数量）到 %4（%5:%6 叶交换机容纳的数量）之间的数量中交换机最少（%2 台）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>leaf ports: %1 down, %2 up (%3 port(s) left unused to keep the ratio exact)</source>
        <translation>叶交换机端口：下行 %1，上行 %2（%3 个端口未使用，以保持收敛比精确）</translation>
    </message>
    <message>
        <location line="-255"/>
        <source>%1 endpoints do not fit one %2-port switch</source>
        <translation>%1 个端点无法接入一台 %2 端口交换机</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>a server&apos;s %1 ports per rail do not fit the %2 down ports of a leaf</source>
        <translation>服务器每条轨道的 %1 个端口放不进叶交换机的 %2 个下行端口</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a server&apos;s %1 ports do not fit the %2 down ports of a leaf</source>
        <translation>一台服务器的 %1 个端口超出了叶交换机的 %2 个下行端口</translation>
    </message>
    <message>
        <location line="-140"/>
        <source>the scalable unit size is too large</source>
        <translation>可扩展单元 (SU) 规模过大</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>rail packing: a unit&apos;s rail holds %1 endpoint(s) (%2 server(s) x %3 port(s)) and a leaf has %4 down ports, so %5 rails share each leaf (rail r of every server of a unit on leaf r / %5, as NVIDIA&apos;s rack-scale SuperPODs): %6 leaves per unit instead of %7</source>
        <translation>轨道合并：一个单元的每条轨道只有 %1 个端点（%2 台服务器 × %3 个端口），而一台叶交换机有 %4 个下行端口，因此 %5 条轨道共用一台叶交换机（单元内每台服务器的轨道 r 接到叶交换机 r / %5，与 NVIDIA 机架级 SuperPOD 相同）：每个单元 %6 台叶交换机，而不是 %7 台</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>scalable unit: %1 rack-scale systems, as NVIDIA&apos;s GB200 SuperPOD (--su-size to change)</source>
        <translation>可扩展单元：%1 套机架级系统，与 NVIDIA GB200 SuperPOD 相同（可用 --su-size 修改）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>no room for %1 management appliance(s): only %2 free leaf port(s). NVIDIA&apos;s SuperPOD leaves one node slot of the last SU for them (31 nodes per 32-node SU); use fewer servers or a larger SU size</source>
        <translation>没有空间容纳 %1 台管理设备：叶交换机只剩 %2 个空闲端口。NVIDIA SuperPOD 在最后一个 SU 中为它们留出一个节点位置（32 节点的 SU 中放 31 个节点）；请减少服务器数量或增大 SU 规模</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>added leaves to give the management appliances ports</source>
        <translation>已增加叶交换机，为管理设备提供端口</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 leaves do not fit a 2-tier tree of %2-port switches; use 3 tiers (or auto)</source>
        <translation>%1 台叶交换机无法组成由 %2 端口交换机构成的两层树；请使用三层（或自动）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a unit of %1 leaves is larger than a pod (%2 leaves)</source>
        <translation>一个单元的 %1 台叶交换机超过了一个 pod 的容量（%2 台叶交换机）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 unit(s) of leaves are wired but empty so that all pods are alike</source>
        <translation>%1 个叶交换机单元已布线但未接服务器，以使所有 pod 结构相同</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>too many pods (%1) for a 3-tier tree of %2-port switches</source>
        <translation>pod 数量过多（%1），无法组成由 %2 端口交换机构成的三层树</translation>
    </message>
    <message>
        <location filename="../../core/generate/fattree.cpp" line="-98"/>
        <source>spines: %1, each with %2 of %3 ports used (%4 link(s) to every leaf keep the tree balanced)</source>
        <translation>脊交换机：%1 台，每台使用 %3 个端口中的 %2 个（到每台叶交换机 %4 条链路，使树保持均衡）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 uplinks would fit %2 spine(s), but each leaf&apos;s %3 uplinks must split evenly over the spines: %4 spines, %5 link(s) from each leaf to each</source>
        <translation>%1 条上行链路本可接入 %2 台脊交换机，但每台叶交换机的 %3 条上行链路必须均分到各脊交换机：共 %4 台脊交换机，每台叶交换机到每台脊交换机 %5 条链路</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>tenants ask for more servers than the design has</source>
        <translation>租户要求的服务器数量超过了设计中的服务器数量</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 planes do not divide the %2 rails of a server (rail r goes to plane r mod planes)</source>
        <translation>%1 个平面不能整除服务器的 %2 条轨道（轨道 r 分配到平面 r mod 平面数）</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>the tree has %1 tier(s) and no pods: the oversubscription between pods does not apply</source>
        <translation>该树有 %1 层且没有 pod：pod 间超额订阅不适用</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>rail-only: %1 switches and %2 links, against %3 switches and %4 links for the rail-optimized fat tree of the same servers. Each of the %5 rails is a network of its own, one switch with no spine, and its own subnet (its own subnet manager and LID space); no switch joins two rails: a GPU reaches another server&apos;s GPU on a different rail only through NVLink to its own server&apos;s GPU on that rail (NVIDIA PXN), so NCCL&apos;s collectives run as on the tree and a pattern between HCAs runs within each rail</source>
        <translation>仅轨道：%1 台交换机和 %2 条链路，相同服务器的轨道优化胖树需要 %3 台交换机和 %4 条链路。%5 条轨道各自是独立的网络，每条一台交换机、无脊交换机，且各自是独立的子网（有自己的子网管理器和 LID 空间）；没有交换机连接两条轨道：GPU 只能先经 NVLink 到本服务器上该轨道的 GPU（NVIDIA PXN），才能到达另一台服务器上其他轨道的 GPU，因此 NCCL 集合通信与胖树上相同，HCA 之间的流量模式在各条轨道内运行</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>rail-only: %1 switches and %2 links, against %3 switches and %4 links for the rail-optimized fat tree of the same servers. Each of the %5 rails is a network of its own, a %6-tier fat tree of %7 switches (a rail is wider than one switch), and its own subnet (its own subnet manager and LID space); no switch joins two rails: a GPU reaches another server&apos;s GPU on a different rail only through NVLink to its own server&apos;s GPU on that rail (NVIDIA PXN), so NCCL&apos;s collectives run as on the tree and a pattern between HCAs runs within each rail</source>
        <translation>仅轨道：%1 台交换机和 %2 条链路，相同服务器的轨道优化胖树需要 %3 台交换机和 %4 条链路。%5 条轨道各自是独立的网络，每条是由 %7 台交换机组成的 %6 层胖树（一条轨道比一台交换机宽），且各自是独立的子网（有自己的子网管理器和 LID 空间）；没有交换机连接两条轨道：GPU 只能先经 NVLink 到本服务器上该轨道的 GPU（NVIDIA PXN），才能到达另一台服务器上其他轨道的 GPU，因此 NCCL 集合通信与胖树上相同，HCA 之间的流量模式在各条轨道内运行</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>rail-only wiring makes one network per rail: leave the planes out</source>
        <translation>仅轨道布线为每条轨道建一个网络：请不要再指定平面数</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>rail-only wiring needs servers on 2 to %1 rails; these have %2</source>
        <translation>仅轨道布线要求服务器有 2 到 %1 条轨道；这些服务器有 %2 条</translation>
    </message>
    <message>
        <location line="-141"/>
        <source>%1 planes: rail r of every server on plane r mod %1, %2 port(s) of each server per plane; each plane is its own subnet (its own subnet manager and LID space), identical to the others</source>
        <translation>%1 个平面：每台服务器的轨道 r 位于平面 r mod %1，每台服务器在每个平面有 %2 个端口；每个平面是独立的子网（有自己的子网管理器和 LID 空间），各平面完全相同</translation>
    </message>
    <message>
        <location filename="../../core/validate/validate.cpp" line="+55"/>
        <source>... and %1 more &apos;%2&apos; finding(s)</source>
        <translation>……另有 %1 条“%2”问题</translation>
    </message>
    <message>
        <location filename="../../core/validate/noderules.cpp" line="+32"/>
        <source>node &apos;%1&apos; uses unknown part &apos;%2&apos;</source>
        <translation>节点“%1”使用了未知部件“%2”</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>node &apos;%1&apos; has unknown HCA part &apos;%2&apos;</source>
        <translation>节点“%1”装有未知网卡部件“%2”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>node &apos;%1&apos; lists &apos;%2&apos; as an HCA, but it is a %3</source>
        <translation>节点“%1”把“%2”列为网卡，但它是 %3</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>server &apos;%1&apos; holds %2 HCAs; a %3 has room for %4</source>
        <translation>服务器“%1”装有 %2 块网卡；%3 最多容纳 %4 块</translation>
    </message>
    <message>
        <location filename="../../core/validate/linkrules.cpp" line="+148"/>
        <source>link &apos;%1&apos; uses port %2 of &apos;%3&apos;, which has %4 ports</source>
        <translation>链路“%1”使用了“%3”的端口 %2，但它只有 %4 个端口</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>link &apos;%1&apos;: the speed of a port is unknown</source>
        <translation>链路“%1”：有一个端口的速率未知</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>link &apos;%1&apos; joins a %2 port and a %3 port; it runs at %4</source>
        <translation>链路“%1”连接了 %2 端口和 %3 端口，实际运行在 %4</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>link &apos;%1&apos; joins %2 port %3 (%4) to %5 port %6 (%7); the two fabrics do not mix</source>
        <translation>链路“%1”把 %2 端口 %3（%4）连到了 %5 端口 %6（%7）；两种网络不能混用</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>link &apos;%1&apos; is an %2 link but cable &apos;%3&apos; is listed for %4</source>
        <translation>链路“%1”是 %2 链路，但线缆“%3”是为 %4 列出的部件</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>link &apos;%1&apos; would run at %2 on port %3 (%4), whose %5 ports break out only into %6 Gb/s lanes; %7 needs a port of its own speed</source>
        <translation>链路“%1”将以 %2 运行在端口 %3（%4）上，但其 %5 端口只能拆分为 %6 Gb/s 的通道；%7 需要一个与自身速率相同的端口</translation>
    </message>
    <message>
        <location filename="../../core/validate/roce.cpp" line="+18"/>
        <source>the Ethernet fabric is planned as lossless RoCE: PFC and ECN (DCQCN) configured on every switch and NIC, as NVIDIA Spectrum-X and Juniper&apos;s AI data center JVD require; the planner models neither drops nor PFC pauses</source>
        <translation>以太网按无损 RoCE 规划：每台交换机和网卡都配置 PFC 与 ECN（DCQCN），这是 NVIDIA Spectrum-X 和 Juniper AI 数据中心 JVD 的要求；规划器既不模拟丢包，也不模拟 PFC 暂停</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>the Ethernet fabric has %1 spine switch(es); a lossless (PFC) fabric wants at least %2, so that a double failure under congestion does not leave PFC pauses spreading over the few paths left (Juniper&apos;s AI data center JVD)</source>
        <translation>以太网只有 %1 台脊交换机；无损（PFC）网络至少需要 %2 台，以免拥塞时的双重故障让 PFC 暂停在剩下的少数路径上扩散（Juniper AI 数据中心 JVD）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>plane %1 has %2 spine switch(es); a lossless (PFC) fabric wants at least %3, so that a double failure under congestion does not leave PFC pauses spreading over the few paths left (Juniper&apos;s AI data center JVD)</source>
        <translation>平面 %1 只有 %2 台脊交换机；无损（PFC）网络至少需要 %3 台，以免拥塞时的双重故障让 PFC 暂停在剩下的少数路径上扩散（Juniper AI 数据中心 JVD）</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>server &apos;%1&apos; has no port on plane(s) %2 of %3: the servers reached only through those planes are out of its reach, and its traffic leaves the planes&apos; bandwidth unused</source>
        <translation>服务器“%1”在 %3 个平面中的平面 %2 上没有端口：只能经由这些平面到达的服务器与它不通，这些平面的带宽它也用不上</translation>
    </message>
    <message>
        <location filename="../../core/validate/linkrules.cpp" line="+29"/>
        <source>link &apos;%1&apos; connects a port to itself</source>
        <translation>链路“%1”把一个端口连到了它自己</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>port %1 is already used by link &apos;%2&apos;</source>
        <translation>端口 %1 已被链路“%2”使用</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>link &apos;%1&apos; joins two ports of &apos;%2&apos;</source>
        <translation>链路“%1”连接了“%2”自身的两个端口</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>link &apos;%1&apos; joins two adapters back to back, without a switch</source>
        <translation>链路“%1”不经交换机直连两块网卡（背靠背）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>link &apos;%1&apos; has no cable part (no cable in the catalog covers %2 m at %3)</source>
        <translation>链路“%1”没有线缆部件（目录中没有能在 %3 下覆盖 %2 m 的线缆）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>link &apos;%1&apos; has no cable part</source>
        <translation>链路“%1”没有线缆部件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>link &apos;%1&apos; uses unknown cable &apos;%2&apos;</source>
        <translation>链路“%1”使用了未知线缆“%2”</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>link &apos;%1&apos; runs %2 m but cable &apos;%3&apos; is %4 m</source>
        <translation>链路“%1”长 %2 m，但线缆“%3”只有 %4 m</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>link &apos;%1&apos; runs %2 m, beyond the %3 m reach of &apos;%4&apos;</source>
        <translation>链路“%1”长 %2 m，超出“%4”%3 m 的传输距离</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>link &apos;%1&apos; runs at %2 but cable &apos;%3&apos; is rated %4</source>
        <translation>链路“%1”运行在 %2，但线缆“%3”的额定速率为 %4</translation>
    </message>
    <message>
        <location filename="../../core/validate/validate.cpp" line="+84"/>
        <source>server &apos;%1&apos; has no fabric HCA</source>
        <translation>服务器“%1”没有网络网卡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>server &apos;%1&apos; has unconnected fabric port(s) %2</source>
        <translation>服务器“%1”有未连接的网络端口 %2</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>switch &apos;%1&apos; has no links</source>
        <translation>交换机“%1”没有任何链路</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>the fabric falls apart into %1 pieces; e.g. &apos;%2&apos; cannot reach the main fabric</source>
        <translation>网络分裂为 %1 个部分；例如“%2”无法到达主网络</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>plane %1 falls apart into %2 pieces; e.g. &apos;%3&apos; cannot reach the rest of the plane</source>
        <translation>平面 %1 分裂为 %2 个部分；例如 &apos;%3&apos; 无法到达该平面的其余部分</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>the fabric needs %1 unicast LIDs (one per switch and per HCA port); one InfiniBand subnet has %2. Split it into several subnets.</source>
        <translation>该网络需要 %1 个单播 LID（每台交换机和每个网卡端口各一个）；一个 InfiniBand 子网只有 %2 个。请将其拆分为多个子网。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>plane %1 needs %2 unicast LIDs (one per switch and per HCA port in it); one InfiniBand subnet has %3. Use more planes.</source>
        <translation>平面 %1 需要 %2 个单播 LID（其中每台交换机和每个 HCA 端口各一个）；一个 InfiniBand 子网只有 %3 个。请使用更多平面。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>switch &apos;%1&apos; has no tier; tier-based counts treat it as a leaf</source>
        <translation>交换机“%1”未设置层级；按层统计时视为叶交换机</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>server &apos;%1&apos; belongs to tenants &apos;%2&apos; and &apos;%3&apos;</source>
        <translation>服务器“%1”同时属于租户“%2”和“%3”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>nodes &apos;%1&apos; and &apos;%2&apos; have the same GUID</source>
        <translation>节点“%1”和“%2”的 GUID 相同</translation>
    </message>
    <message>
        <location filename="../../core/routing/metrics.cpp" line="+41"/>
        <source>switch &apos;%1&apos;: port latency unknown, assumed %2 ns</source>
        <translation>交换机“%1”：端口延迟未知，假定为 %2 ns</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>HCA &apos;%1&apos;: latency unknown, assumed %2 ns</source>
        <translation>网卡“%1”：延迟未知，假定为 %2 ns</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cables: %1 ns/m; links without a length: %2 m</source>
        <translation>线缆：%1 ns/m；未标长度的链路按 %2 m 计</translation>
    </message>
    <message>
        <location filename="../../core/export/bomcsv.cpp" line="+12"/>
        <location filename="../../core/export/bomworkbook.cpp" line="+441"/>
        <source>category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../core/export/bomworkbook.cpp" line="+0"/>
        <source>part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../core/export/cableplan.cpp" line="+196"/>
        <source>description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../core/export/bomworkbook.cpp" line="+1"/>
        <location filename="../../core/export/cableplan.cpp" line="-1"/>
        <source>part_number</source>
        <translation>料号</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../core/export/bomworkbook.cpp" line="+0"/>
        <source>unit_price</source>
        <translation>单价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>total</source>
        <translation>金额</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../core/export/bomworkbook.cpp" line="+1"/>
        <source>currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../core/export/bomworkbook.cpp" line="+0"/>
        <source>price_estimate</source>
        <translation>估算价格</translation>
    </message>
    <message>
        <location filename="../../core/export/bomworkbook.cpp" line="-319"/>
        <location line="+306"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="-306"/>
        <location line="+306"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="-329"/>
        <source>Bill of materials: %1</source>
        <translation>物料清单：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generated by Cluster Planner</source>
        <translation>由 Cluster Planner 生成</translation>
    </message>
    <message>
        <location line="+363"/>
        <source>BOM</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <location line="-137"/>
        <source>Summary</source>
        <translation>汇总</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+59"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location line="-209"/>
        <source>Subtotal by category</source>
        <translation>按类别小计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+73"/>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Hardware (list prices)</source>
        <translation>硬件（目录价）</translation>
    </message>
    <message>
        <location line="-29"/>
        <location line="+86"/>
        <location line="+24"/>
        <source>incomplete: some prices are unknown (see Assumptions)</source>
        <translation>不完整：部分价格未知（见“假设”）</translation>
    </message>
    <message>
        <location line="-75"/>
        <source>Spares (% of cables and transceivers)</source>
        <translation>备件（占线缆和光模块的 %）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>percent; edit to recompute</source>
        <translation>百分比；修改后自动重算</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+183"/>
        <source>Spares</source>
        <translation>备件</translation>
    </message>
    <message>
        <location line="-178"/>
        <source>Discount (%)</source>
        <translation>折扣 (%)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>percent of hardware and spares; edit to recompute</source>
        <translation>占硬件和备件的百分比；修改后自动重算</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+174"/>
        <source>Discount</source>
        <translation>折扣</translation>
    </message>
    <message>
        <location line="-169"/>
        <source>Total (%1)</source>
        <translation>合计 (%1)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Key figures</source>
        <translation>关键指标</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+127"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cost per GPU (%1)</source>
        <translation>每 GPU 成本 (%1)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Power (kW)</source>
        <translation>功耗 (kW)</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>incomplete: some power figures are unknown</source>
        <translation>不完整：部分功耗未知</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Rack units (U)</source>
        <translation>机架单元 (U)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>incomplete: some heights are unknown</source>
        <translation>不完整：部分设备高度未知</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Energy per year (%1)</source>
        <translation>每年能耗费用 (%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>full power x PUE x electricity price, 8,760 h</source>
        <translation>满功率 × PUE × 电价，按 8,760 小时计</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCO over %1 years (%2)</source>
        <translation>%1 年总拥有成本 (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>hardware at list price + energy</source>
        <translation>目录价硬件 + 能耗</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Counts</source>
        <translation>数量统计</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Management appliances</source>
        <translation>管理设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Switches, %1</source>
        <translation>交换机，%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Links, %1</source>
        <translation>链路，%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cables, %1</source>
        <translation>线缆，%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+78"/>
        <source>Transceivers</source>
        <translation>光模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>counted per physical cable by part and length: a twin-port cable or a splitter carries two links and counts once (see the cable plan)</source>
        <translation>按物理线缆以部件和长度计数：一根双端口线缆或分支线缆承载两条链路，只计一次（见布线计划）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>one per rack of the design, of its rack part (the default 42U rack where the design names none); a rack-scale system comes in its own rack</source>
        <translation>设计中每个机柜一台，按其机柜部件计（设计未指定时为默认 42U 机柜）；机柜级系统自带机柜</translation>
    </message>
    <message>
        <location line="-404"/>
        <location line="+324"/>
        <location line="+80"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="-403"/>
        <source>row</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>room</source>
        <translation>机房</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>u_used</source>
        <translation>已用 U</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>u_capacity</source>
        <translation>U 容量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>power_max_w</source>
        <translation>最大功率 (W)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>power_typical_w</source>
        <translation>典型功率 (W)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heat_kw</source>
        <translation>散热 (kW)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>heat_btu_per_h</source>
        <translation>散热 (BTU/h)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight_kg</source>
        <translation>重量 (kg)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>power_budget_w</source>
        <translation>功率预算 (W)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cooling_w</source>
        <translation>制冷能力 (W)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>weight_limit_kg</source>
        <translation>承重上限 (kg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>power: %1</source>
        <translation>功率：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight: %1</source>
        <translation>重量：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>height: %1</source>
        <translation>高度：%1</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>%1 of %2 lines priced</source>
        <translation>%2 行中 %1 行有价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 lines priced (%3%); %4% of the priced value from quotes or price lists, the rest estimated</source>
        <translation>%2 行中 %1 行有价格（%3%）；已定价金额中 %4% 来自报价单或价目表，其余为估算</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Unknown price: not in the totals. Import a quote (cplan catalog import-prices) or type the price in the window&apos;s BOM.</source>
        <translation>价格未知：不计入合计。请导入报价单（cplan catalog import-prices）或在窗口的物料清单中输入价格。</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>unknown: no line has a price</source>
        <translation>未知：没有任何一行有价格</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>incomplete: a lower bound, the lines without a price are not in it</source>
        <translation>不完整：这是下限，未计入没有价格的行</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+150"/>
        <source>Price coverage</source>
        <translation>价格覆盖率</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>Cable plan</source>
        <translation>布线计划</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>indicative list prices from the parts catalog; &apos;price_estimate = yes&apos; marks estimates</source>
        <translation>部件目录中的参考目录价；“估算价格 = 是”表示估算值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 per kWh</source>
        <translation>每 kWh %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCO period</source>
        <translation>总拥有成本周期</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>maximum power of servers, switches and transceivers; cables draw none</source>
        <translation>服务器、交换机和光模块的最大功耗；线缆不耗电</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one per fibre link end; a twin-port switch cage carrying two links takes one twin-port transceiver</source>
        <translation>每条光纤链路的每一端一个；承载两条链路的双端口交换机笼位使用一个双端口光模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1% of cables and transceivers</source>
        <translation>线缆和光模块的 %1%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% of hardware and spares</source>
        <translation>硬件和备件的 %1%</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Unknown price (not in totals)</source>
        <translation>价格未知（未计入合计）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown power (not in totals)</source>
        <translation>功耗未知（未计入合计）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown height (not in totals)</source>
        <translation>高度未知（未计入合计）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Sources</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model</source>
        <translation>型号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>price_source</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>not in the catalog</source>
        <translation>不在目录中</translation>
    </message>
    <message>
        <location filename="../../core/export/cableplan.cpp" line="-5"/>
        <source>cable_id</source>
        <translation>线缆编号</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from_device</source>
        <translation>起点设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>from_port</source>
        <translation>起点端口</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>from_port_label</source>
        <translation>起点端口标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from_rack</source>
        <translation>起点机柜</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>to_device</source>
        <translation>终点设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>to_port</source>
        <translation>终点端口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to_port_label</source>
        <translation>终点端口标签</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>to_rack</source>
        <translation>终点机柜</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cable_part</source>
        <translation>线缆型号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cable_type</source>
        <translation>线缆类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>length_m</source>
        <translation>长度 (m)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>speed_gbps</source>
        <translation>速率 (Gb/s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from_transceiver</source>
        <translation>起点光模块</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>to_transceiver</source>
        <translation>终点光模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>form</source>
        <translation>形式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from_u</source>
        <translation>起点 U</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>to_u</source>
        <translation>终点 U</translation>
    </message>
    <message>
        <location filename="../../core/analysis/network.cpp" line="+110"/>
        <source>%1 over %2 endpoints is %3 flows, about %4 MiB to simulate, more than the analysis budget of %5 MiB: choose a sparser pattern (shift:K, permutation, uniform:F) or fewer endpoints</source>
        <translation>%2 个端点上的 %1 共有 %3 条流，模拟约需 %4 MiB，超出分析预算 %5 MiB：请选择更稀疏的流量模式（shift:K、permutation、uniform:F）或减少端点</translation>
    </message>
    <message>
        <location line="+231"/>
        <source>the fabric has fewer than two cabled endpoints or no switch</source>
        <translation>网络中已连线的端点少于两个，或没有交换机</translation>
    </message>
    <message>
        <location filename="../../core/physical/cables.cpp" line="+15"/>
        <source>link &apos;%1&apos; uses splitter &apos;%2&apos;, which joins one twin-port cage to single-port ports, but both its ends are twin-port cages</source>
        <translation>链路“%1”使用分支线缆“%2”，它连接一个双端口笼与单端口端口，但其两端都是双端口笼</translation>
    </message>
    <message>
        <location line="+140"/>
        <source>links &apos;%1&apos; and &apos;%2&apos; share cage %3 of &apos;%4&apos;, which holds one twin-port cable &apos;%5&apos;, but &apos;%2&apos; names cable &apos;%6&apos;</source>
        <translation>链路“%1”和“%2”共用“%4”的第 %3 个端口笼，该笼插一根双端口线缆“%5”，但“%2”指定的线缆是“%6”</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>link &apos;%1&apos; uses twin-port cable &apos;%2&apos;, but port %3 of &apos;%4&apos; is a single-port cage; a twin-port cable needs a twin-port cage at both ends</source>
        <translation>链路“%1”使用双端口线缆“%2”，但“%4”的端口 %3 是单端口笼；双端口线缆两端都需要双端口笼</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>links &apos;%1&apos; and &apos;%2&apos; share cage %3 of &apos;%4&apos; but go to different places (&apos;%5&apos; and &apos;%6&apos;): one twin-port cable &apos;%7&apos; cannot join them; use a splitter or one fibre per link</source>
        <translation>链路“%1”和“%2”共用“%4”的第 %3 个端口笼，却通往不同的地方（“%5”和“%6”）：一根双端口线缆“%7”无法连接它们；请用分支线缆或每条链路一根光纤</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>link &apos;%1&apos; uses splitter &apos;%2&apos;, which joins one twin-port cage to single-port ports, but both its ends are single-port cages</source>
        <translation>链路“%1”使用分支线缆“%2”，它连接一个双端口笼与单端口端口，但其两端都是单端口笼</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>links &apos;%1&apos; and &apos;%2&apos; share cage %3 of &apos;%4&apos;, which holds one splitter &apos;%5&apos;, but &apos;%2&apos; names cable &apos;%6&apos;</source>
        <translation>链路“%1”和“%2”共用“%4”的第 %3 个端口笼，该笼插一根分支线缆“%5”，但“%2”指定的线缆是“%6”</translation>
    </message>
    <message>
        <location filename="../../core/physical/cableselect.cpp" line="+17"/>
        <source>%1 twin-port copper cable(s): both links of a twin-port cage to the same far cage</source>
        <translation>%1 根双端口铜缆：一个双端口笼的两条链路通往同一个对端端口笼</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 splitter cable(s): a twin-port cage to two single-port adapter ports within the splitter&apos;s reach</source>
        <translation>%1 根分支线缆：一个双端口笼连到分支线缆长度可及的两个单端口网卡端口</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 link(s) sit in twin-port cages whose two links go to different places, which no one cable can join: a cable each (fibre, with a twin-port transceiver in the cage)</source>
        <translation>%1 条链路所在的双端口笼的两条链路通往不同的地方，没有一根线缆能连接：每条链路一根线缆（光纤，笼中插双端口光模块）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 link(s) could share twin-port copper or a splitter, but none reaches their length: a cable each (fibre with optics)</source>
        <translation>%1 条链路本可共用双端口铜缆或分支线缆，但没有一种够长：每条链路一根线缆（光纤加光模块）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 link(s) have no cable: nothing in the catalog fits their speed and length</source>
        <translation>%1 条链路没有线缆：目录中没有符合其速率和长度的线缆</translation>
    </message>
    <message>
        <location filename="../../core/physical/checks.cpp" line="+39"/>
        <source>&apos;%1&apos; at U %2 is %3 U high and reaches U %4, above the top of rack &apos;%5&apos; (%6 U)</source>
        <translation>“%1”位于 U %2，高 %3 U，伸到 U %4，超出机柜“%5”的顶部（%6 U）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&apos;%1&apos; and &apos;%2&apos; both take U %3 of rack &apos;%4&apos;</source>
        <translation>“%1”和“%2”都占用机柜“%4”的 U %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>rack &apos;%1&apos; holds %2 U of equipment and has %3 U</source>
        <translation>机柜“%1”装有 %2 U 设备，但只有 %3 U</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rack &apos;%1&apos; draws up to %2 (nameplate); its power budget is %3</source>
        <translation>机柜“%1”最大功耗 %2（铭牌）；其功率预算为 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rack &apos;%1&apos; gives off up to %2 kW (%3 BTU/h); its cooling removes %4 kW</source>
        <translation>机柜“%1”最多散热 %2 kW（%3 BTU/h）；其制冷能力为 %4 kW</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rack &apos;%1&apos; carries %2; it may carry %3</source>
        <translation>机柜“%1”承重 %2；其承重上限为 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rack &apos;%1&apos;: the power of %2 device(s) is unknown, so its power and cooling budgets cannot be confirmed (%3 known)</source>
        <translation>机柜“%1”：%2 台设备的功率未知，无法确认其功率和制冷预算（已知部分 %3）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>rack &apos;%1&apos;: the weight of %2 item(s) is unknown, so its weight limit cannot be confirmed (%3 known)</source>
        <translation>机柜“%1”：%2 件物品的重量未知，无法确认其承重上限（已知部分 %3）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>link &apos;%1&apos; has a %2 m cable, but racks &apos;%3&apos; and &apos;%4&apos; stand %5 m apart</source>
        <translation>链路“%1”的线缆长 %2 m，但机柜“%3”和“%4”相距 %5 m</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>link &apos;%1&apos; has a %2 m cable; from &apos;%3&apos; (rack &apos;%4&apos;) to &apos;%5&apos; (rack &apos;%6&apos;) the run up to the tray, along the rows and down is about %7 m</source>
        <translation>链路“%1”的线缆长 %2 m；从“%3”（机柜“%4”）到“%5”（机柜“%6”），上到线槽、沿机柜列走线再下来约 %7 m</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 link(s) join racks whose place is unknown (not declared, no x_m/y_m, or another room): their lengths are not checked against the floor</source>
        <translation>%1 条链路连接的机柜位置未知（未声明、没有 x_m/y_m，或在另一机房）：其长度未按机房布局检查</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 node(s) name rack &apos;%2&apos;, which the design&apos;s racks do not list (a typing error?); it is taken as a %3 at an unknown place</source>
        <translation>%1 个节点指定了机柜“%2”，但设计的机柜列表中没有它（拼写错误？）；按位置未知的 %3 处理</translation>
    </message>
    <message>
        <location filename="../../core/physical/layout.cpp" line="+238"/>
        <source>racks: %1 row(s), %2 compute, %3 network and %4 management rack(s); each scalable unit a row of racks with its leaf switches in the middle (as NVIDIA&apos;s SuperPOD RAs), %5 unit(s) side by side per row, spines, cores and management appliances in the middle row(s)</source>
        <translation>机柜：%1 列，%2 个计算机柜、%3 个网络机柜和 %4 个管理机柜；每个可扩展单元一列机柜，其叶交换机位于中间（按 NVIDIA SuperPOD 参考架构），每列并排 %5 个单元，脊、核心交换机和管理设备在中间的列</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the height of %1 is unknown: those devices are spaced evenly over the free space of their racks; check their U against the real hardware</source>
        <translation>%1 的高度未知：这些设备在机柜空余空间中均匀排布；请按实际硬件核对其 U 位置</translation>
    </message>
    <message>
        <location filename="../../core/generate/ethernet.cpp" line="+140"/>
        <source>Spectrum-X multiplane (%1 planes) is documented for B300 and GB300 systems only (NVIDIA Network Operator, Software Multiplane quick start); &apos;%2&apos; has %3 GPUs</source>
        <translation>Spectrum-X 多平面（%1 个平面）仅有 B300 和 GB300 系统的文档（NVIDIA Network Operator，Software Multiplane 快速入门）；“%2”使用 %3 GPU</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Spectrum-X multiplane needs ConnectX-8 SuperNICs (NVIDIA Network Operator: swplb on ConnectX-8 only); &apos;%1&apos; is %2</source>
        <translation>Spectrum-X 多平面需要 ConnectX-8 SuperNIC（NVIDIA Network Operator：swplb 仅支持 ConnectX-8）；“%1”是 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Spectrum-X multiplane has 2 planes (dual-plane) or 4 (quad-plane), not %1</source>
        <translation>Spectrum-X 多平面为 2 个平面（双平面）或 4 个（四平面），不是 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 planes are refused on &apos;%2&apos;: %3 systems take at most %4 Spectrum-X planes; 4 planes (quad-plane) are for B300 only (NVIDIA Network Operator v26.4.0, Software Multiplane quick start: &apos;numberOfPlanes: 2 for Dual-Plane or numberOfPlanes: 4 for Quad-Plane (B300 only)&apos;)</source>
        <translation>“%2”上拒绝 %1 个平面：%3 系统最多支持 %4 个 Spectrum-X 平面；4 个平面（四平面）仅适用于 B300（NVIDIA Network Operator v26.4.0，Software Multiplane 快速入门：&apos;numberOfPlanes: 2 for Dual-Plane or numberOfPlanes: 4 for Quad-Plane (B300 only)&apos;）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>switch &apos;%1&apos; makes an %2 fabric, but the %3 NIC &apos;%4&apos; of &apos;%5&apos; cannot join it; fit an %2 NIC with --hca (%6)</source>
        <translation>交换机“%1”构成 %2 网络，但“%5”的 %3 网卡“%4”无法接入；请用 --hca 配置 %2 网卡（%6）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>management appliance &apos;%1&apos; has an %2 adapter and cannot join the %3 fabric of &apos;%4&apos;</source>
        <translation>管理设备“%1”使用 %2 适配器，无法接入“%4”的 %3 网络</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the port speed of switch &apos;%1&apos; is unknown, so its ports cannot be broken out</source>
        <translation>交换机“%1”的端口速率未知，因此其端口无法拆分</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>switch &apos;%1&apos; runs its ports at %2, not %3G</source>
        <translation>交换机“%1”的端口运行在 %2，而不是 %3G</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--host-port-speed %1G is faster than the servers&apos; NIC ports (%2G)</source>
        <translation>--host-port-speed %1G 快于服务器网卡端口（%2G）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a %1G port of &apos;%2&apos; does not split into whole %3G ports</source>
        <translation>“%2”的 %1G 端口不能拆分为整数个 %3G 端口</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the planner numbers a switch&apos;s ports up to %1 (its routing tables hold a port in one byte, as InfiniBand&apos;s): %2 of the %3 ports of %4G are used</source>
        <translation>规划器为交换机端口编号最多到 %1（其路由表以一个字节保存端口，与 InfiniBand 相同）：%4G 的 %3 个端口中使用 %2 个</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>port breakout: every %1G port of &apos;%2&apos; split %3 ways, %4 ports of %5G per switch (radix %4 at that speed, in every tier); the design names the broken-out switch &apos;%6&apos;</source>
        <translation>端口拆分：“%2”的每个 %1G 端口拆为 %3 路，每台交换机 %4 个 %5G 端口（该速率下基数为 %4，各层相同）；设计将拆分后的交换机命名为“%6”</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the servers&apos; %1G NIC ports run at %2G</source>
        <translation>服务器的 %1G 网卡端口运行在 %2G</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>an Ethernet plane takes one port of every NIC (port p on plane p): %1 planes need NICs of %1 ports, and &apos;%2&apos; has %3</source>
        <translation>以太网平面占用每块网卡的一个端口（端口 p 在平面 p）：%1 个平面需要 %1 端口的网卡，而“%2”有 %3 个</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Spectrum-X quad-plane splits one NIC part for all servers; these have &apos;%1&apos; and &apos;%2&apos;</source>
        <translation>Spectrum-X 四平面要求所有服务器使用同一种网卡部件；这里有“%1”和“%2”</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Spectrum-X multiplane: port p of every ConnectX-8 on plane p, %1 planes, each a separate leaf-spine fabric (NVIDIA Network Operator, Software Multiplane quick start)</source>
        <translation>Spectrum-X 多平面：每块 ConnectX-8 的端口 p 在平面 p，共 %1 个平面，每个平面是独立的叶脊网络（NVIDIA Network Operator，Software Multiplane 快速入门）</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1 planes: port p of every NIC on plane p, each plane a separate fabric (dual-plane, as Alibaba HPN, SIGCOMM 2024)</source>
        <translation>%1 个平面：每块网卡的端口 p 在平面 p，每个平面是独立网络（双平面，如阿里巴巴 HPN，SIGCOMM 2024）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Spectrum-X quad-plane: each &apos;%1&apos; runs as %2 ports of %3G, one per plane; the design names it &apos;%4&apos;</source>
        <translation>Spectrum-X 四平面：每块“%1”以 %2 个 %3G 端口运行，每个平面一个；设计将其命名为“%4”</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>dual-ToR puts the two ports of a NIC on two ToRs, but the NICs of &apos;%1&apos; have one port</source>
        <translation>双 ToR 将网卡的两个端口接到两台 ToR，但“%1”的网卡只有一个端口</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>dual-ToR: with %1 rail(s) two ports of one NIC of &apos;%2&apos; land on the same ToR; use a rail per port (--rails auto)</source>
        <translation>双 ToR：使用 %1 条轨道时，“%2”同一网卡的两个端口会落在同一台 ToR 上；请每个端口一条轨道（--rails auto）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>dual-ToR: the ports of every NIC on different ToRs, with no link between the ToRs (non-stacked, as Alibaba HPN, SIGCOMM 2024): a ToR lost takes one port of each of its NICs, not the server</source>
        <translation>双 ToR：每块网卡的端口接到不同的 ToR，ToR 之间没有链路（非堆叠，如阿里巴巴 HPN，SIGCOMM 2024）：一台 ToR 故障只影响其网卡的一个端口，而非整台服务器</translation>
    </message>
    <message>
        <location filename="../../core/analysis/keyfigures.cpp" line="+354"/>
        <source>non-blocking (1:1)</source>
        <translation>无阻塞 (1:1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1:1</source>
        <translation>%1:1</translation>
    </message>
    <message>
        <location filename="../../core/generate/fattreeblocking.cpp" line="+20"/>
        <source>asked %1:%2, built as asked (%3 down / %4 up per leaf)</source>
        <translation>要求 %1:%2，已按要求建成（每台叶交换机下行 %3 / 上行 %4）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>asked %1:%2, built %3:1 (%4 down / %5 up per leaf): the %6 uplinks that %1:%2 needs do not split evenly over the spines and %5 do (%7 spine(s), %8 link(s) from each leaf to each), which saves switches</source>
        <translation>要求 %1:%2，实际建成 %3:1（每台叶交换机下行 %4 / 上行 %5）：%1:%2 所需的 %6 条上行链路无法均匀分到脊交换机上，而 %5 条可以（%7 台脊交换机，每台叶交换机到每台脊交换机 %8 条链路），这样能省交换机</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>asked %1:%2, built %3:1 (%4 down / %5 up per leaf): %4 down ports at %1:%2 need %6 uplinks, rounded up to %5 as ports are whole (a %7-port leaf takes at most %8 down / %9 up at that ratio)</source>
        <translation>要求 %1:%2，实际建成 %3:1（每台叶交换机下行 %4 / 上行 %5）：%4 个下行端口按 %1:%2 需要 %6 条上行链路，端口只能取整，向上取整为 %5（%7 端口的叶交换机按该比例最多下行 %8 / 上行 %9）</translation>
    </message>
    <message>
        <location filename="../../core/validate/mtu.cpp" line="+58"/>
        <source>%1 node(s) with ports of part &apos;%2&apos; are set to MTU %3, above the %4 bytes the part takes (e.g. &apos;%5&apos;): the port refuses that MTU</source>
        <translation>%1 个节点使用部件“%2”的端口，MTU 设为 %3，超过该部件支持的 %4 字节（例如“%5”）：端口不接受此 MTU</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the largest MTU of part &apos;%1&apos; is not known, so the MTU %2 set on its %3 node(s) (e.g. &apos;%4&apos;) is not checked against it</source>
        <translation>部件“%1”的最大 MTU 未知，因此其 %3 个节点（例如“%4”）上设置的 MTU %2 无法据此检查</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>link &apos;%1&apos; joins &apos;%2&apos; (MTU %3) and &apos;%4&apos; (MTU %5): packets above %6 bytes towards &apos;%7&apos; are dropped, not fragmented (RoCE packets carry Don&apos;t Fragment), so RoCE over this link must run at the smaller end&apos;s path MTU and jumbo frames sized for the larger one are lost</source>
        <translation>链路“%1”连接“%2”（MTU %3）与“%4”（MTU %5）：发往“%7”的超过 %6 字节的报文会被丢弃而不是分片（RoCE 报文带有“不分片”标志），因此经过此链路的 RoCE 必须使用较小一端的路径 MTU，按较大一端设定的巨型帧会丢失</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>MTU %1 on %2 Ethernet node(s) (e.g. &apos;%3&apos;) carries no RoCE payload at all: the smallest, %4 bytes, needs an MTU of at least %5</source>
        <translation>%2 个以太网节点（例如“%3”）上的 MTU %1 连一个 RoCE 负载都承载不了：最小的 %4 字节负载需要至少 %5 的 MTU</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&apos;%1&apos; is set to MTU %2, which carries RoCE payloads of %3 bytes instead of %4: RoCE needs an MTU of at least %5 (%4 plus %6 bytes of headers) for its largest payloads</source>
        <translation>“%1”的 MTU 设为 %2，只能承载 %3 字节而非 %4 字节的 RoCE 负载：RoCE 要使用最大负载，MTU 至少需要 %5（%4 加 %6 字节报头）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the design&apos;s MTU %1 carries RoCE payloads of %2 bytes instead of %3 on its %4 Ethernet switch(es) and RoCE server(s) (e.g. &apos;%5&apos;): RoCE needs an MTU of at least %6 (%3 plus %7 bytes of headers) for its largest payloads</source>
        <translation>设计的 MTU %1 在其 %4 台以太网交换机和 RoCE 服务器（例如“%5”）上只能承载 %2 字节而非 %3 字节的 RoCE 负载：RoCE 要使用最大负载，MTU 至少需要 %6（%3 加 %7 字节报头）</translation>
    </message>
    <message>
        <location filename="../../core/analysis/blockingasked.cpp" line="+65"/>
        <source>asked %1:%2, built %3:1 (%4 down / %5 up per leaf)</source>
        <translation>要求 %1:%2，建成 %3:1（每台叶交换机下行 %4 / 上行 %5）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>asked %1:%2, built %3:1; leaves changed since</source>
        <translation>要求 %1:%2，建成 %3:1；叶交换机此后已修改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>asked %1:%2, built %3:1 by the generator; the leaves have no uplinks now (changed since)</source>
        <translation>要求 %1:%2，生成器建成 %3:1；叶交换机现在没有上行链路（此后已修改）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>asked %1:%2, built %3:1 by the generator; changed since: the %4 leaves now have %5 down / %6 up ports in all (%7:1)</source>
        <translation>要求 %1:%2，生成器建成 %3:1；此后已修改：%4 台叶交换机现共有 %5 个下行 / %6 个上行端口（%7:1）</translation>
    </message>
    <message>
        <location filename="../../core/analysis/failurechange.cpp" line="+21"/>
        <source>1 flow has no route: not comparable</source>
        <translation>1 条流没有路由：不可比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 flows have no route: not comparable</source>
        <translation>%1 条流没有路由：不可比较</translation>
    </message>
    <message>
        <location filename="../../core/verify/matchstats.cpp" line="+28"/>
        <source>The as-built fabric has %1 nodes against %2 planned: the %3 others&apos; cables read missing (a partial dump, or another plane?)</source>
        <translation>实际网络有 %1 个节点，规划有 %2 个：其余 %3 个节点的线缆显示为缺失（是部分导出，还是另一个平面？）</translation>
    </message>
</context>
<context>
    <name>Heatmap</name>
    <message>
        <location filename="../../widgets/l10n/heatmaptext.cpp" line="+23"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 links (mean %2, busiest %3)</source>
        <translation>%1 链路（平均 %2，最忙 %3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 links alike (mean %2): the servers&apos; own links are the limit, not the fabric</source>
        <translation>%1 链路同样繁忙（平均 %2）：瓶颈在服务器自身的链路，而非网络</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 links alike (mean %2)</source>
        <translation>%1 链路同样繁忙（平均 %2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All-to-all</source>
        <translation>全互连 (All-to-all)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shift by one (ring)</source>
        <translation>移位 1（环形）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random permutation</source>
        <translation>随机置换</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All-reduce as NCCL runs it</source>
        <translation>按 NCCL 方式运行的 all-reduce</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All-to-all as NCCL runs it (PXN)</source>
        <translation>按 NCCL 方式运行的 all-to-all（PXN）</translation>
    </message>
</context>
<context>
    <name>HeatmapCaption</name>
    <message>
        <location filename="../../app/gui/heatmapcaption.cpp" line="+16"/>
        <source>%1, %2 per GPU buffer: done in %3</source>
        <translation>%1，每个 GPU 缓冲区 %2：用时 %3</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, %2 per flow: done in %3</source>
        <translation>%1，每条流 %2：用时 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>100 % = the link carried traffic at line rate for the whole run; a saturating pattern such as all-to-all fills every link of a non-blocking fabric.</source>
        <translation>100 % = 该链路在整个运行期间都以线速传输；全互连 (all-to-all) 这类饱和型流量会占满无阻塞网络的每条链路。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bottleneck tier: %1</source>
        <translation>瓶颈层：%1</translation>
    </message>
</context>
<context>
    <name>KeyFigures</name>
    <message>
        <location filename="../../core/analysis/keyfigures.cpp" line="-326"/>
        <source>CAPEX</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost per GPU</source>
        <translation>每 GPU 成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CAPEX per GPU</source>
        <translation>每 GPU 资本支出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCO</source>
        <translation>总拥有成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Energy per year</source>
        <translation>每年能耗</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rack units</source>
        <translation>机架单元 (U)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fullest rack</source>
        <translation>功耗最高的机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Racks over budget</source>
        <translation>超出预算的机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaf switches</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spine switches</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Core switches</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tiers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blocking</source>
        <translation>阻塞比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection</source>
        <translation>对分带宽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bisection ratio</source>
        <translation>对分带宽比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Full bisection</source>
        <translation>全对分带宽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Non-blocking</source>
        <translation>无阻塞</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency p50</source>
        <translation>p50 延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency p99</source>
        <translation>p99 延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Workload time</source>
        <translation>负载完成时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Max link utilization</source>
        <translation>最大链路利用率</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mean utilization of busy links</source>
        <translation>繁忙链路平均利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All-reduce time</source>
        <translation>All-reduce 时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All-to-all time</source>
        <translation>All-to-all 时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs done</source>
        <translation>完成的作业</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean JCT</source>
        <translation>平均作业完成时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JCT p95</source>
        <translation>作业完成时间 p95</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean wait</source>
        <translation>平均等待时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Makespan</source>
        <translation>总完工时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU utilization</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean slowdown</source>
        <translation>平均减速比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Goodput</source>
        <translation>有效训练时间比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Spares cost</source>
        <translation>备件成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens per second</source>
        <translation>每秒词元数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost per million tokens</source>
        <translation>每百万词元成本</translation>
    </message>
    <message>
        <location filename="../../widgets/l10n/explorertext.cpp" line="+33"/>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 Tb/s</source>
        <translation>%1 Tb/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 U</source>
        <translation>%1 U</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>≥ </source>
        <translation>≥ </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 of %3 lines priced)</source>
        <translation>%1（%3 行中 %2 行有价格）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>MoveNodes</name>
    <message numerus="yes">
        <location filename="../../widgets/document/commands.cpp" line="+46"/>
        <source>Move %n node(s)</source>
        <translation>
            <numerusform>移动 %n 个节点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PdfReport</name>
    <message>
        <location filename="../../app/report/pdfreport.cpp" line="+122"/>
        <source>the fabric has fewer than two cabled endpoints or no switch</source>
        <translation>网络中已连线的端点少于两个，或没有交换机</translation>
    </message>
    <message>
        <location filename="../../app/report/reportpainter.cpp" line="+67"/>
        <source>Cluster Planner %1 · indicative figures, see Assumptions and sources</source>
        <translation>Cluster Planner %1 · 数据仅供参考，见“假设与来源”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (continued)</source>
        <translation>（续）</translation>
    </message>
    <message>
        <location filename="../../app/report/layoutpicture.cpp" line="+165"/>
        <source>The design has no nodes.</source>
        <translation>设计中没有节点。</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>Endpoints</source>
        <translation>端点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Leaf</source>
        <translation>叶层</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Spine</source>
        <translation>脊层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Core</source>
        <translation>核心层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <location filename="../../app/report/pdfreport.cpp" line="-61"/>
        <location line="+77"/>
        <source>Traffic pattern &apos;%1&apos;: %2</source>
        <translation>流量模式“%1”：%2</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>network analysis switched off</source>
        <translation>网络分析已关闭</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Network analysis not available: %1; the report shows cost charts only.</source>
        <translation>网络分析不可用：%1；报告仅包含成本图表。</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+22"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Cluster design report: %1</source>
        <translation>集群设计报告：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: cannot start the PDF</source>
        <translation>%1：无法创建 PDF</translation>
    </message>
    <message>
        <location filename="../../app/report/coverpage.cpp" line="+169"/>
        <source>Cluster design report</source>
        <translation>集群设计报告</translation>
    </message>
    <message>
        <location line="-125"/>
        <source>Generated %1</source>
        <translation>生成于 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> from %1</source>
        <translation>，源文件 %1</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>quote total (spares, discount) per GPU</source>
        <translation>报价总额（含备件、折扣）除以 GPU 数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>incomplete: unknown prices</source>
        <translation>不完整：部分价格未知</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>+ %1 management appliance(s)</source>
        <translation>另有 %1 台管理设备</translation>
    </message>
    <message>
        <location filename="../../app/report/bompage.cpp" line="+171"/>
        <location line="+3"/>
        <location filename="../../app/report/physicalpage.cpp" line="+134"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../../app/report/coverpage.cpp" line="+3"/>
        <source>Hardware (list)</source>
        <translation>硬件（目录价）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all prices known</source>
        <translation>所有价格已知</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>incomplete: %1 part(s) without price</source>
        <translation>不完整：%1 种部件无价格</translation>
    </message>
    <message>
        <location filename="../../app/report/bompage.cpp" line="-129"/>
        <source>Cost per GPU</source>
        <translation>每 GPU 成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../app/report/coverpage.cpp" line="-14"/>
        <location line="+27"/>
        <source>n/a</source>
        <translation>暂无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <location filename="../../app/report/coverpage.cpp" line="-8"/>
        <source>maximum, IT load</source>
        <translation>最大值，IT 负载</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>incomplete: unknown figures</source>
        <translation>不完整：部分数值未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rack space</source>
        <translation>机柜空间</translation>
    </message>
    <message>
        <location filename="../../app/report/bompage.cpp" line="+1"/>
        <source> U</source>
        <translation> U</translation>
    </message>
    <message>
        <location filename="../../app/report/coverpage.cpp" line="+0"/>
        <source>%1 rack(s) in the design</source>
        <translation>设计中共 %1 个机柜</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+15"/>
        <source>Bisection bandwidth</source>
        <translation>对分带宽</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>full bisection</source>
        <translation>全对分带宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% of half injection</source>
        <translation>为半注入带宽的 %1%</translation>
    </message>
    <message>
        <location filename="../../app/report/alternativespage.cpp" line="+42"/>
        <source>This design was chosen among %1 alternatives (%2; alternatives in %3). %4 of them are on the Pareto front of %5: no other alternative is as good on every one of these and better on one.</source>
        <translation>本设计选自 %1 个备选方案（%2；可变项：%3）。其中 %4 个位于 %5 的帕累托前沿：没有其他方案在这些指标上全部不差且至少一项更好。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../app/report/coverpage.cpp" line="+4"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 combinations could not be built and were skipped.</source>
        <translation>%1 个组合无法构建，已跳过。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 break a constraint and are not ranked.</source>
        <translation>%1 个违反约束，未参与排名。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 have parts without a price or power figure and are not ranked.</source>
        <translation>%1 个有缺少价格或功率数据的部件，未参与排名。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 against %2</source>
        <translation>%1 与 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>orange: the Pareto front; grey: the other alternatives; ringed: this design</source>
        <translation>橙色：帕累托前沿；灰色：其他方案；圆圈：本设计</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No alternative has both figures.</source>
        <translation>没有方案同时具有这两项指标。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Alternatives considered</source>
        <translation>备选方案比较</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This report&apos;s design: alternative %1 (%2).</source>
        <translation>本报告的设计：方案 %1（%2）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Front</source>
        <translation>前沿</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 more alternatives on the front are not listed.</source>
        <translation>前沿上另有 %1 个方案未列出。</translation>
    </message>
    <message>
        <location filename="../../app/report/coverpage.cpp" line="+0"/>
        <source>single tier</source>
        <translation>单层</translation>
    </message>
    <message>
        <location filename="../../app/report/analysispage.cpp" line="+96"/>
        <location filename="../../app/report/coverpage.cpp" line="-15"/>
        <location line="+16"/>
        <source>GPU-to-GPU latency</source>
        <translation>GPU 间延迟</translation>
    </message>
    <message>
        <location filename="../../app/report/coverpage.cpp" line="+0"/>
        <source> µs median</source>
        <translation> µs（中位数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max %1 µs · %2 switch hops max</source>
        <translation>最大 %1 µs · 最多 %2 跳交换机</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>TCO over %1 years</source>
        <translation>%1 年总拥有成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>energy %1 per year</source>
        <translation>每年能耗 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Prices are indicative list prices in %1 from the parts catalog (most are estimates); parts without a known price are not in the totals. Figures come from Cluster Planner&apos;s engine: the routing engine of the design (%2), max-min fair flow simulation and a latency model; see Assumptions and sources.</source>
        <translation>价格为部件目录中以 %1 计的参考目录价（多数为估算）；价格未知的部件不计入合计。各项数据来自 Cluster Planner 的计算引擎：设计所用的路由引擎（%2）、最大最小公平流量仿真和延迟模型；详见“假设与来源”。</translation>
    </message>
    <message>
        <location filename="../../app/report/layoutpage.cpp" line="+19"/>
        <source>Fabric layout</source>
        <translation>网络拓扑布局</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>leaf switch</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>spine switch</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>core switch</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>management</source>
        <translation>管理设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>node-leaf link</source>
        <translation>节点-叶链路</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>leaf-spine link</source>
        <translation>叶-脊链路</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>spine-core link</source>
        <translation>脊-核心链路</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>other switch-to-switch link</source>
        <translation>其他交换机间链路</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 nodes, %2 links; groups boxed</source>
        <translation>%1 个节点，%2 条链路；分组以方框标出</translation>
    </message>
    <message>
        <location filename="../../app/report/analysispage.cpp" line="+118"/>
        <source>Network and cost analysis</source>
        <translation>网络与成本分析</translation>
    </message>
    <message>
        <location line="-169"/>
        <source>Link utilization</source>
        <translation>链路利用率</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+51"/>
        <location filename="../../app/report/collectivepage.cpp" line="+87"/>
        <source>not available</source>
        <translation>不可用</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Network analysis not available: %1.
This page shows cost charts only.</source>
        <translation>网络分析不可用：%1。
本页仅显示成本图表。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>host links</source>
        <translation>主机链路</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>switch-to-switch links</source>
        <translation>交换机间链路</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 endpoint pairs%2; switch, adapter and cable latency</source>
        <translation>%1 个端点对%2；含交换机、网卡和线缆延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+85"/>
        <source> (sampled)</source>
        <translation>（抽样）</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Latency not available: %1.</source>
        <translation>延迟不可用：%1。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no routed pairs</source>
        <translation>没有已路由的端点对</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>share of pairs</source>
        <translation>端点对占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>latency, µs</source>
        <translation>延迟，µs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min %1 · median %2 · p99 %3 · max %4 µs</source>
        <translation>最小 %1 · 中位数 %2 · p99 %3 · 最大 %4 µs</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cost breakdown</source>
        <translation>成本构成</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hardware at list price by category, %1</source>
        <translation>按类别统计的硬件目录价，%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>price unknown</source>
        <translation>价格未知</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Total %1</source>
        <translation>合计 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · without %1 part(s) of unknown price</source>
        <translation> · 不含 %1 种价格未知的部件</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Leaf blocking: %1</source>
        <translation>叶层阻塞比：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Bottleneck tier under %1: %2</source>
        <translation>%1 下的瓶颈层：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Fabric figures</source>
        <translation>网络指标</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Routing: %1%2, %3 endpoints, %4 switches</source>
        <translation>路由：%1%2，%3 个端点，%4 台交换机</translation>
    </message>
    <message>
        <location line="-114"/>
        <source>%1, %2 flows of %3: utilization of each directed link over the run</source>
        <translation>%1，%2 条 %3 的流：每条有向链路在整个运行期间的利用率</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>bytes / (capacity × completion time), share of links</source>
        <translation>字节数 /（容量 × 完成时间），链路占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max %1 · mean of busy links %2 · %3% of flows at full rate · done in %4</source>
        <translation>最大 %1 · 繁忙链路平均 %2 · %3% 的流以满速率运行 · 用时 %4</translation>
    </message>
    <message>
        <location line="+100"/>
        <source> (fell back)</source>
        <translation>（已回退）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reachability: %1 of %2 ordered pairs unreachable</source>
        <translation>可达性：%2 个有序端点对中 %1 个不可达</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Credit loops: %1</source>
        <translation>信用环路：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (deadlock-free)</source>
        <translation>无（无死锁）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>found: the routes can deadlock</source>
        <translation>存在：路由可能死锁</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bisection: %1 Tb/s one way (half injection %2 Tb/s)</source>
        <translation>对分带宽：单向 %1 Tb/s（半注入带宽 %2 Tb/s）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 tier: %2 Tb/s down, %3 Tb/s up, oversubscription %4</source>
        <translation>%1：下行 %2 Tb/s，上行 %3 Tb/s，收敛比 %4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 tier: %2 Tb/s down (top of the tree)</source>
        <translation>%1：下行 %2 Tb/s（树的顶层）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diameter: %1 switch(es) on the longest shortest path%2</source>
        <translation>直径：最长最短路径经过 %1 台交换机%2</translation>
    </message>
    <message>
        <location filename="../../app/report/collectivepage.cpp" line="-4"/>
        <source>nccl-tests&apos; sizes from %1 to %2 (×2) over %3 GPUs: the busbw NCCL&apos;s cost model gives, one line per algorithm/protocol it picks</source>
        <translation>nccl-tests 的消息大小从 %1 到 %2（×2），%3 个 GPU：NCCL 成本模型给出的总线带宽，每种所选算法/协议一条线</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Bus bandwidth by message size (all-reduce, as NCCL runs it)</source>
        <translation>按消息大小的总线带宽（all-reduce，按 NCCL 的运行方式）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The all-reduce did not run: %1.</source>
        <translation>all-reduce 未运行：%1。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Bus bandwidth unknown at every size: the catalog lacks: %1.</source>
        <translation>所有大小的总线带宽均未知：目录缺少：%1。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>message size (log scale); bus bandwidth in GB/s, as nccl-tests reports it</source>
        <translation>消息大小（对数刻度）；总线带宽，单位 GB/s，与 nccl-tests 报告的一致</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of %2 sizes left out: their figures are unknown</source>
        <translation>%2 个大小中有 %1 个未列出：其数值未知</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NCCL runs</source>
        <translation>NCCL 运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>algbw (GB/s)</source>
        <translation>algbw (GB/s)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>busbw (GB/s)</source>
        <translation>busbw (GB/s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why this algorithm</source>
        <translation>为何选此算法</translation>
    </message>
    <message>
        <location line="+26"/>
        <location line="+3"/>
        <source>Collective: %1</source>
        <translation>集合通信：%1</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>unknown (the catalog lacks: %1)</source>
        <translation>未知（目录缺少：%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 GB/s bus bandwidth (all-reduce of 1 GiB over %2 GPUs, %3; NCCL %4/%5)</source>
        <translation>%1 GB/s 总线带宽（%2 个 GPU 上 1 GiB 的 all-reduce，%3；NCCL %4/%5）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>NCCL&apos;s choice: %1</source>
        <translation>NCCL 的选择：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Collective communication</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../../app/report/analysispage.cpp" line="+8"/>
        <source>Analysis took %1</source>
        <translation>分析耗时 %1</translation>
    </message>
    <message>
        <location filename="../../app/report/bompage.cpp" line="+77"/>
        <source>Bill of materials</source>
        <translation>物料清单 (BOM)</translation>
    </message>
    <message>
        <location line="-93"/>
        <location line="+97"/>
        <location line="+1"/>
        <location filename="../../app/report/collectivepage.cpp" line="-35"/>
        <location filename="../../app/report/physicalpage.cpp" line="-107"/>
        <location line="+29"/>
        <location filename="../../app/report/reliabilitypage.cpp" line="+38"/>
        <location line="+64"/>
        <location line="+1"/>
        <location line="+44"/>
        <location filename="../../app/report/trainingpage.cpp" line="+89"/>
        <location line="+19"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../app/report/reliabilitypage.cpp" line="-11"/>
        <location filename="../../app/report/trainingpage.cpp" line="-43"/>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Part number</source>
        <translation>料号</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Extended</source>
        <translation>金额</translation>
    </message>
    <message>
        <location line="-97"/>
        <source>Subtotal %1</source>
        <translation>%1 小计</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hardware (list prices)%1</source>
        <translation>硬件（目录价）%1</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>, incomplete</source>
        <translation>，不完整</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Spares, %1% of cables and transceivers</source>
        <translation>备件（线缆和光模块的 %1%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount, %1%</source>
        <translation>折扣 %1%</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../app/report/physicalpage.cpp" line="+75"/>
        <location filename="../../app/report/reliabilitypage.cpp" line="-68"/>
        <location line="+74"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Power (maximum)</source>
        <translation>功耗（最大值）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rack units</source>
        <translation>机架单元 (U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy per year (PUE %1, %2 %3/kWh)</source>
        <translation>每年能耗（PUE %1，%2 %3/kWh）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCO over %1 years (hardware + energy)</source>
        <translation>%1 年总拥有成本（硬件 + 能耗）</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>Totals</source>
        <translation>合计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Unknown prices (not in the totals): %1.</source>
        <translation>价格未知（未计入合计）：%1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prices quoted in %1 converted to %2: %3.</source>
        <translation>以 %1 报价的价格已换算为 %2：%3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No exchange rate to %1 for %2: those prices count as unknown.</source>
        <translation>%2 没有到 %1 的汇率：这些价格按未知计。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cable summary</source>
        <translation>线缆汇总</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Twin-port cables carry two links (the BOM counts cables, this table links). Transceiver ends are counted per cable end; the BOM counts modules per switch cage (a twin-port module serves two links).</source>
        <translation>双端口线缆承载两条链路（物料清单按线缆计数，本表按链路计数）。光模块按线缆端计数；物料清单按交换机端口笼计数（一个双端口光模块服务两条链路）。</translation>
    </message>
    <message>
        <location line="-100"/>
        <location filename="../../app/report/physicalpage.cpp" line="-5"/>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>Links by tier</source>
        <translation>各层链路</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cables by part</source>
        <translation>按型号统计的线缆</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>built in</source>
        <translation>内置</translation>
    </message>
    <message>
        <location line="+69"/>
        <location line="+9"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="-9"/>
        <location filename="../../app/report/physicalpage.cpp" line="+7"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+9"/>
        <location filename="../../app/report/physicalpage.cpp" line="+0"/>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Tiers</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cables (BOM)</source>
        <translation>线缆数 (BOM)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transceiver ends (link count)</source>
        <translation>光模块端（按链路计）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cable plan (first rows)</source>
        <translation>布线计划（前若干行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cable id</source>
        <translation>线缆编号</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>From</source>
        <translation>起点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>From rack</source>
        <translation>起点机柜</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To</source>
        <translation>终点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To rack</source>
        <translation>终点机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The full point-to-point plan (%1 rows: label, device, port and rack at both ends, cable, length, transceivers) is in the BOM workbook (`cplan bom --format xlsx`) and in `cplan export --format cable-plan`.</source>
        <translation>完整的点对点布线计划（%1 行：标签、两端的设备、端口和机柜、线缆、长度、光模块）见 BOM 工作簿（`cplan bom --format xlsx`）以及 `cplan export --format cable-plan` 的输出。</translation>
    </message>
    <message>
        <location filename="../../app/report/schedulepage.cpp" line="+44"/>
        <source>Scheduling results</source>
        <translation>调度结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenario: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>Jobs</source>
        <translation>作业</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>completed %1, rejected %2</source>
        <translation>完成 %1，拒绝 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Makespan</source>
        <translation>总完工时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU utilization</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>effective (weighted by network slowdown) %1%</source>
        <translation>有效利用率（按网络减速加权）%1%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting time</source>
        <translation>等待时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <location line="+1"/>
        <source> mean</source>
        <translation>（平均）</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>p50 %1 · p95 %2 · p99 %3</source>
        <translation>p50 %1 · p95 %2 · p99 %3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Job completion time</source>
        <translation>作业完成时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slowdown</source>
        <translation>减速比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network slowdown of multi-server jobs %1</source>
        <translation>多服务器作业的网络减速比 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> jobs (time average)</source>
        <translation> 个作业（时间平均）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preemptions %1, migrations %2</source>
        <translation>抢占 %1 次，迁移 %2 次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fragmentation</source>
        <translation>碎片率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>free capacity no queued job can use</source>
        <translation>排队作业均无法使用的空闲容量</translation>
    </message>
    <message>
        <location line="+14"/>
        <location filename="../../app/report/trainingpage.cpp" line="+31"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../app/report/trainingpage.cpp" line="+0"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detail</source>
        <translation>说明</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>GPU allocation over time</source>
        <translation>GPU 分配随时间变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>share of %1 GPUs held by jobs</source>
        <translation>%1 个 GPU 中被作业占用的比例</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Queue length over time</source>
        <translation>队列长度随时间变化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>jobs waiting</source>
        <translation>等待中的作业</translation>
    </message>
    <message>
        <location filename="../../app/report/sourcespage.cpp" line="+69"/>
        <source>Assumptions and sources</source>
        <translation>假设与来源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>Currency %1; prices are indicative list prices from the parts catalog, most of them estimates (marked in the catalog); street prices differ.</source>
        <translation>货币 %1；价格为部件目录中的参考目录价，多数为估算（目录中已标注）；实际成交价会有差异。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Energy: maximum power of servers, switches and optics, PUE %1, %2 %3 per kWh, 8,760 hours a year; TCO over %4 years = hardware + energy.</source>
        <translation>能耗：服务器、交换机和光模块的最大功耗，PUE %1，电价 %2 %3/kWh，每年 8,760 小时；%4 年总拥有成本 = 硬件 + 能耗。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cables: the design&apos;s cable per link (chosen by speed and length where the design leaves it open); fibre links take a transceiver at each end, a twin-port switch cage carrying two links one twin-port module.</source>
        <translation>线缆：采用设计中每条链路指定的线缆（设计未指定时按速率和长度选择）；光纤链路两端各需一个光模块，承载两条链路的双端口交换机笼位使用一个双端口光模块。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Spares %1% of cables and transceivers; discount %2% of hardware and spares.</source>
        <translation>备件为线缆和光模块的 %1%；折扣为硬件和备件的 %2%。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Routing: the design&apos;s engine (%1) over the InfiniBand view of the design (one channel adapter per HCA).</source>
        <translation>路由：在设计的 InfiniBand 视图上使用设计指定的路由引擎（%1）（每个 HCA 一个通道适配器）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Latency: switch port-to-port latency, adapter latency at both ends and about 5 ns per metre of cable.</source>
        <translation>延迟：交换机端口到端口延迟、两端网卡延迟，以及每米线缆约 5 ns。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Unknown price, not in the totals: %1.</source>
        <translation>价格未知，未计入合计：%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown power, not in the totals: %1.</source>
        <translation>功耗未知，未计入合计：%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown height, not in the rack units: %1.</source>
        <translation>高度未知，未计入机架单元：%1。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sources of the figures</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> (estimate)</source>
        <translation>（估算）</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>: %1%2</source>
        <translation>：%1%2</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Link utilization: the traffic pattern %1 (seed %2) with flows of %3 between all cabled HCA ports, max-min fair rates, protocol efficiency and path latency applied; utilization = bytes / (capacity × completion time).</source>
        <translation>链路利用率：流量模式 %1（种子 %2），在所有已连线的 HCA 端口之间发送 %3 的流，采用最大-最小公平速率，计入协议效率和路径延迟；利用率 = 字节数 /（容量 × 完成时间）。</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>: price unknown</source>
        <translation>：价格未知</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; price source: %1</source>
        <translation>；价格来源：%1</translation>
    </message>
    <message>
        <location filename="../../app/report/physicalpage.cpp" line="-103"/>
        <source> (+%1 unknown)</source>
        <translation>（另有 %1 个未知）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> OVER</source>
        <translation> 超出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>power %1 kW%2</source>
        <translation>功率 %1 kW%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cooling %1 kW%2</source>
        <translation>制冷 %1 kW%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weight %1 kg%2</source>
        <translation>承重 %1 kg%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>space OVER</source>
        <translation>空间超出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none given</source>
        <translation>未给出</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>rack-scale</source>
        <translation>机柜级</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Row</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../app/report/reliabilitypage.cpp" line="-84"/>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>U used</source>
        <translation>已用 U</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Power max (kW)</source>
        <translation>最大功率 (kW)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical (kW)</source>
        <translation>典型功率 (kW)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Heat (BTU/h)</source>
        <translation>散热 (BTU/h)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight (kg)</source>
        <translation>重量 (kg)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Site budgets</source>
        <translation>现场预算</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>power</source>
        <translation>功率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weight</source>
        <translation>重量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>height</source>
        <translation>高度</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Unknown figures, left out of the sums above (the catalog has no source for them): %1.</source>
        <translation>未知数值，未计入上面的合计（目录中没有其来源）：%1。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>twin-port</source>
        <translation>双端口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>splitter</source>
        <translation>分支</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>single</source>
        <translation>单根</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>not chosen</source>
        <translation>未选定</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Form</source>
        <translation>形式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Rack elevations</source>
        <translation>机柜立面图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rack elevations: row %1</source>
        <translation>机柜立面图：第 %1 列</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 more page(s) of elevations are left out here: `cplan export --format elevations` draws every rack.</source>
        <translation>此处省略了另外 %1 页立面图：`cplan export --format elevations` 会绘制所有机柜。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Physical plan</source>
        <translation>物理规划</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 rack(s). Power is the devices&apos; nameplate maximum, heat the same power as BTU/h (1 W = 3.412 BTU/h); sums name what they leave out. Site budgets come from the design&apos;s racks, else the rack part.</source>
        <translation>%1 个机柜。功率为设备铭牌最大值，散热为同一功率的 BTU/h 值（1 W = 3.412 BTU/h）；合计会注明遗漏的部分。现场预算取自设计中的机柜，否则取自机柜部件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All racks: %1 kW nameplate, %2 kg (known figures).</source>
        <translation>所有机柜：铭牌功率 %1 kW，重量 %2 kg（已知数值）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cables by type and length</source>
        <translation>按类型和长度统计的线缆</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One cable is one label: a twin-port cable joins both ports of one cage to one far cage, a splitter one twin-port cage to two single ports. `cplan export --format p2p|ndt|labels` writes the crews&apos; sheets.</source>
        <translation>一根线缆一个标签：双端口线缆把一个端口笼的两个端口连到同一个对端端口笼，分支线缆把一个双端口笼连到两个单端口。`cplan export --format p2p|ndt|labels` 输出施工用表。</translation>
    </message>
    <message>
        <location filename="../../app/report/findingspage.cpp" line="+21"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>and %1 more</source>
        <translation>及另外 %1 个</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+2"/>
        <source>Design rules</source>
        <translation>设计规则</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The design checked against the rules every front end applies (ports, speeds, cable reach, rack space and power): %1 error(s), %2 warning(s).</source>
        <translation>按所有前端共用的规则检查设计（端口、速率、线缆长度、机柜空间和功率）：%1 个错误，%2 个警告。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Objects</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 more finding(s): `cplan validate` lists every one.</source>
        <translation>另有 %1 个问题：`cplan validate` 会全部列出。</translation>
    </message>
    <message>
        <location filename="../../app/report/reliabilitypage.cpp" line="-20"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Interruptions by cause: one job on all %1 GPUs</source>
        <translation>按原因的中断：一个作业使用全部 %1 个 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Counted per</source>
        <translation>计数单位</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rate per device-year</source>
        <translation>每设备年故障率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per year</source>
        <translation>每年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In %1 days</source>
        <translation>%1 天内</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../app/report/trainingpage.cpp" line="-30"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Mean time between interruptions of the whole-cluster job: %1; %2 interruptions per day.</source>
        <translation>全集群作业的平均中断间隔时间：%1；每天 %2 次中断。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Left out (no rate in the preset): %1; the interruptions are a lower bound, the MTBI an upper one.</source>
        <translation>未计入（预设中无故障率）：%1；中断次数为下限，平均中断间隔为上限。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>By job size</source>
        <translation>按作业规模</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job GPUs</source>
        <translation>作业 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptions per day</source>
        <translation>每天中断次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MTBI</source>
        <translation>平均中断间隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint interval (Daly)</source>
        <translation>检查点间隔（Daly）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput</source>
        <translation>有效训练时间比</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>as the window&apos;s Reliability dock has them</source>
        <translation>取自窗口中的“可靠性”停靠窗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>defaults, not measured on this cluster</source>
        <translation>默认值，并非在本集群上测得</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoint assumptions (%1): a %2 GB checkpoint written at %3 GB/s (%4 s) and a %5-minute restart. Interval: Daly (2006), the higher-order estimate of the optimum checkpoint interval; goodput: the share of wall time spent training, from Daly&apos;s expected wall time.</source>
        <translation>检查点假设（%1）：%2 GB 的检查点以 %3 GB/s 写入（%4 秒），重启 %5 分钟。间隔：Daly（2006）的最优检查点间隔高阶估计；有效训练时间比：按 Daly 的期望墙钟时间计算的训练时间占比。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Checkpoint assumptions (%1): no checkpoint size or storage bandwidth, so no checkpoint interval or goodput.</source>
        <translation>检查点假设（%1）：未给出检查点大小或存储带宽，因此没有检查点间隔和有效训练时间比。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Whole-cluster job: checkpoint every %1 min (Young %2 min, NVIDIA&apos;s availability-optimal %3 min); goodput %4.</source>
        <translation>全集群作业：每 %1 分钟一个检查点（Young %2 分钟，NVIDIA 可用性最优 %3 分钟）；有效训练时间比 %4。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Whole-cluster job: checkpoint interval and goodput unknown (no failure rate for its devices).</source>
        <translation>全集群作业：检查点间隔和有效训练时间比未知（其设备没有故障率）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Spares for %1 % over a %2-day repair</source>
        <translation>覆盖 %2 天维修期、概率 %1 % 的备件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replaces</source>
        <translation>替换</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failures per year</source>
        <translation>每年故障</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In one repair</source>
        <translation>一次维修期内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spares</source>
        <translation>备件</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No spares computed for %1: no rate in the preset.</source>
        <translation>未计算 %1 的备件：预设中无故障率。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rack-scale domains: no block advice (no rate for %1).</source>
        <translation>机架级域：无块大小建议（%1 无故障率）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rack-scale NVLink domains</source>
        <translation>机架级 NVLink 域</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 trays: %2 %</source>
        <translation>%1 个托盘：%2 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each tray of a %1-tray domain is out %2 % of the time (the preset&apos;s server failures over the repair time). Use Slurm blocks of %3 trays: they keep at least %4 % of the trays usable. Usable share by block size: %5.</source>
        <translation>%1 托盘域中每个托盘有 %2 % 的时间不可用（预设的服务器故障乘以维修时间）。使用 %3 个托盘的 Slurm 块：至少 %4 % 的托盘可用。按块大小的可用比例：%5。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Failures over time</source>
        <translation>长期故障</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failure rates not available: %1</source>
        <translation>故障率不可用：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../../app/report/trainingpage.cpp" line="+89"/>
        <source>Not computed: %1</source>
        <translation>未计算：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failure rates: %1 (preset %2; %3, %4). Every failure of a device a job holds interrupts it.</source>
        <translation>故障率：%1（预设 %2；%3，%4）。作业所用设备的每次故障都会中断作业。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Monte Carlo, %1 simulated years of the whole cluster: %2 interruptions per year (5th to 95th percentile %3 to %4); at most %5 servers out at once in 95 % of the years.</source>
        <translation>蒙特卡洛模拟，全集群 %1 个模拟年：每年 %2 次中断（第 5 至第 95 百分位 %3 至 %4）；95 % 的年份中同时停机的服务器最多 %5 台。</translation>
    </message>
    <message>
        <location filename="../../app/report/trainingpage.cpp" line="-101"/>
        <source>Where a step&apos;s time goes</source>
        <translation>单步时间构成</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>unknown: no power figures and prices (listed below)</source>
        <translation>未知：缺少功耗数据和价格（见下方列表）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown: no power figures (listed below)</source>
        <translation>未知：缺少功耗数据（见下方列表）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown: no prices (listed below)</source>
        <translation>未知：缺少价格（见下方列表）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Throughput and cost</source>
        <translation>吞吐量与成本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU 词元/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model TFLOP/s per GPU</source>
        <translation>每 GPU 模型 TFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GB of %2 GB HBM (%3)</source>
        <translation>%1 GB / %2 GB HBM（%3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>does not fit</source>
        <translation>容纳不下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GB (HBM unknown)</source>
        <translation>%1 GB（HBM 未知）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days to train %1 tokens</source>
        <translation>训练 %1 词元所需天数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Energy per million tokens</source>
        <translation>每百万词元能耗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> kWh</source>
        <translation> kWh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost per million tokens</source>
        <translation>每百万词元成本</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not known: %1.</source>
        <translation>未知：%1。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Training time and cost per token</source>
        <translation>训练时间与每词元成本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Model not available: %1</source>
        <translation>模型不可用：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>an unstated number of</source>
        <translation>未给定数量的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parallelism searched for the highest tokens/s that fits in memory</source>
        <translation>并行方式经搜索取显存可容纳且词元/秒最高者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parallelism partly fixed (the plan below)</source>
        <translation>并行方式部分固定（见下方方案）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assumptions: %1 (%2) trained on %3 tokens, on %4 of the design&apos;s GPUs (%5 × %6), %7, %8, a global batch of %9 sequences of %10 tokens. CAPEX written off over %11 years; electricity at %12 %13/kWh, PUE %14.</source>
        <translation>假设：%1（%2）训练 %3 词元，使用设计中的 %4 个 GPU（%5 × %6），%7，%8，全局批量为 %9 条序列、每条 %10 词元。CAPEX 按 %11 年摊销；电价 %12 %13/kWh，PUE %14。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The job the window&apos;s Training dock was set to.</source>
        <translation>即窗口中“训练”停靠窗所设的作业。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Another model, size or plan: `cplan train` or the window&apos;s Training dock.</source>
        <translation>其他模型、规模或方案：使用 `cplan train` 或窗口中的“训练”停靠窗。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Plan: %1 (%2 legal plans priced).</source>
        <translation>方案：%1（已评估 %2 个合法方案）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step time unknown: %1</source>
        <translation>单步时间未知：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No plan fits in %1 GB of HBM per GPU: the one shown needs the least memory.</source>
        <translation>没有方案能放入每 GPU %1 GB 的 HBM：所示方案需要的显存最少。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step-time model: Narayanan et al. 2021 and Korthikanti et al. 2022, the collectives from the NCCL model on this design&apos;s fabric; model dimensions: %1.</source>
        <translation>单步时间模型：Narayanan 等（2021）与 Korthikanti 等（2022），集合通信来自本设计网络上的 NCCL 模型；模型尺寸：%1。</translation>
    </message>
</context>
<context>
    <name>PhysicalDraw</name>
    <message>
        <location filename="../../app/report/physicaldraw.cpp" line="+64"/>
        <location line="+30"/>
        <location line="+28"/>
        <location line="+23"/>
        <location line="+22"/>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <location line="-99"/>
        <location line="+14"/>
        <location line="+25"/>
        <location line="+7"/>
        <source>Rack elevations: %1</source>
        <translation>机柜立面图：%1</translation>
    </message>
    <message>
        <location line="-42"/>
        <location line="+81"/>
        <source>cannot start the PDF</source>
        <translation>无法开始写 PDF</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>cannot start the SVG</source>
        <translation>无法开始写 SVG</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Cable labels: %1</source>
        <translation>线缆标签：%1</translation>
    </message>
</context>
<context>
    <name>PlaceNodes</name>
    <message>
        <location filename="../../widgets/document/placenodes.cpp" line="+15"/>
        <source>Move %1 to rack %2, U %3</source>
        <translation>将 %1 移到机柜 %2 的 U %3</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Move %n device(s) to rack %1</source>
        <translation>
            <numerusform>将 %n 台设备移到机柜 %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RackPainter</name>
    <message numerus="yes">
        <location filename="../../widgets/paint/rackpainter.cpp" line="+38"/>
        <source> (+%n unknown)</source>
        <translation>
            <numerusform>（另有 %n 个未知）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Power %1 kW max</source>
        <translation>功率最大 %1 kW</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Power unknown</source>
        <translation>功率未知</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+6"/>
        <source> / %1 kW</source>
        <translation> / %1 kW</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Typical %1 kW</source>
        <translation>典型 %1 kW</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Typical unknown</source>
        <translation>典型功率未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heat %1 kW, %2 BTU/h</source>
        <translation>散热 %1 kW，%2 BTU/h</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Heat unknown</source>
        <translation>散热未知</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Weight unknown</source>
        <translation>重量未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight %1 kg</source>
        <translation>重量 %1 kg</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> / %1 kg</source>
        <translation> / %1 kg</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of %2 U</source>
        <translation>已用 %1 / %2 U</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>row %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>rack-scale system</source>
        <translation>机柜级系统</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n device(s) without a U</source>
        <translation>
            <numerusform>%n 台设备没有 U 位置</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Blue servers, green switches, orange management; dashed with &quot;?&quot;: height unknown, drawn 1U. Power: nameplate maximum; heat = power (1 W = 3.412 BTU/h); &quot;/ X&quot;: the rack&apos;s budget.</source>
        <translation>蓝色为服务器，绿色为交换机，橙色为管理设备；虚线加“?”：高度未知，按 1U 绘制。功率：铭牌最大值；散热 = 功率（1 W = 3.412 BTU/h）；“/ X”：机柜的预算。</translation>
    </message>
</context>
<context>
    <name>RemoveLinks</name>
    <message numerus="yes">
        <location filename="../../widgets/document/commands.cpp" line="+45"/>
        <source>Remove %n link(s)</source>
        <translation>
            <numerusform>删除 %n 条链路</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RemoveNodes</name>
    <message numerus="yes">
        <location line="-71"/>
        <source>Remove %n node(s)</source>
        <translation>
            <numerusform>删除 %n 个节点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SchedulePolicies</name>
    <message>
        <location filename="../../widgets/l10n/scheduletext.cpp" line="+21"/>
        <source>First come, first served</source>
        <translation>先到先服务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FIFO with EASY backfill</source>
        <translation>FIFO 加 EASY 回填</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shortest job first</source>
        <translation>最短作业优先</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shortest job first, no blocking</source>
        <translation>最短作业优先（不阻塞）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topology-aware packing</source>
        <translation>拓扑感知打包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random placement</source>
        <translation>随机放置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Best fit</source>
        <translation>最佳适配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fragmentation-aware</source>
        <translation>碎片感知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Priority with preemption</source>
        <translation>优先级（可抢占）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Jobs start in the order they arrive; the first that does not fit holds the rest back.</source>
        <translation>作业按到达顺序启动；第一个放不下的作业会挡住后面的作业。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In arrival order; while the first job waits, later ones that fit start if they do not delay it.</source>
        <translation>按到达顺序；队首作业等待时，放得下且不会推迟它的后续作业可以先启动。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shortest jobs first; the first that does not fit holds the rest back.</source>
        <translation>最短作业优先；第一个放不下的作业会挡住后面的作业。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shortest jobs first; every job that fits starts.</source>
        <translation>最短作业优先；凡是放得下的作业都会启动。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In arrival order, each job under the lowest switch that holds it (Slurm&apos;s tree).</source>
        <translation>按到达顺序，每个作业放在能容纳它的最低层交换机之下（Slurm 的 tree 插件）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In arrival order, every job that fits starts, on random servers.</source>
        <translation>按到达顺序，凡是放得下的作业都会启动，放在随机选择的服务器上。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In arrival order, every job that fits starts, on the fullest servers it fits.</source>
        <translation>按到达顺序，凡是放得下的作业都会启动，放在能容纳它的最满的服务器上。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In arrival order, every job that fits starts where it fragments the free GPUs least.</source>
        <translation>按到达顺序，凡是放得下的作业都会启动，放在使空闲 GPU 碎片最少的位置。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Highest priority first; a job may preempt lower-priority ones.</source>
        <translation>最高优先级优先；作业可以抢占优先级更低的作业。</translation>
    </message>
</context>
<context>
    <name>SetDesignSettings</name>
    <message>
        <location filename="../../widgets/document/commands.cpp" line="+177"/>
        <source>Change design settings</source>
        <translation>修改设计设置</translation>
    </message>
</context>
<context>
    <name>SetLinkCable</name>
    <message>
        <location line="-28"/>
        <source>Change cable of %1</source>
        <translation>修改 %1 的线缆</translation>
    </message>
</context>
<context>
    <name>SetNodeProperty</name>
    <message>
        <location line="-59"/>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HCAs</source>
        <translation>HCA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Change %1 of %2</source>
        <translation>更改 %2 的%1</translation>
    </message>
</context>
<context>
    <name>cplan::AnalysisRunner</name>
    <message>
        <location filename="../../widgets/docks/metricsview.cpp" line="+413"/>
        <location filename="../../widgets/document/analysis.cpp" line="+208"/>
        <location line="+31"/>
        <source>Analysis done</source>
        <translation>分析完成</translation>
    </message>
    <message>
        <location filename="../../widgets/document/analysis.cpp" line="-7"/>
        <source>Routing</source>
        <translation>正在计算路由</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bisection and latency</source>
        <translation>正在计算对分带宽和延迟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulating %1</source>
        <translation>正在仿真 %1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 flows have no route</source>
        <translation>%1 条流没有路由</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Checking design rules</source>
        <translation>正在检查设计规则</translation>
    </message>
    <message>
        <location line="-53"/>
        <source>Analysing the design</source>
        <translation>正在分析设计</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Pricing</source>
        <translation>正在计算价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Applying failures</source>
        <translation>正在应用故障</translation>
    </message>
</context>
<context>
    <name>cplan::AsBuiltCompare</name>
    <message>
        <location filename="../../app/gui/asbuiltcompare.cpp" line="+34"/>
        <source>ibnetdiscover output (*.topo *.out *.txt *.ibnetdiscover *.net *.log);;All files (*)</source>
        <translation>ibnetdiscover 输出 (*.topo *.out *.txt *.ibnetdiscover *.net *.log);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Outdated: the plan changed after the comparison with %1 at %2. File ▸ Compare with as-built… compares it as it is now.</source>
        <translation>已过时：规划在 %2 与 %1 比较之后已更改。文件 ▸ 与实际布线比较… 按现在的规划重新比较。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Imported %1: %2 switches, %3 HCAs in %4 servers, %5 cables; %6 note(s)</source>
        <translation>已导入 %1：%2 台交换机，%4 台服务器中的 %3 块 HCA，%5 条线缆；%6 条说明</translation>
    </message>
    <message>
        <location line="+39"/>
        <location line="+35"/>
        <source>Import fabric</source>
        <translation>导入网络</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Importing the fabric</source>
        <translation>正在导入网络</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Could not import the fabric:
%1</source>
        <translation>无法导入网络：
%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Comparing with %1…</source>
        <translation>正在与 %1 比较…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Comparing with the as-built fabric</source>
        <translation>正在与实际部署的网络比较</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Comparison failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+11"/>
        <location line="+25"/>
        <source>Compare with as-built</source>
        <translation>与实际布线比较</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Could not read the as-built fabric:
%1</source>
        <translation>无法读取实际布线的网络：
%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>ibnetdiscover output, LLDP tables or design (*.topo *.out *.txt *.ibnetdiscover *.net *.log *.json *.cluster.yaml *.yaml);;All files (*)</source>
        <translation>ibnetdiscover 输出、LLDP 表或设计 (*.topo *.out *.txt *.ibnetdiscover *.net *.log *.json *.cluster.yaml *.yaml);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 switches, %2 HCAs in %3 servers</source>
        <translation>%1 台交换机，%3 台服务器中的 %2 个 HCA</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Plane %1 — %2</source>
        <translation>平面 %1 — %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The whole design — %1 (LLDP tables or a design file)</source>
        <translation>整个设计 — %1（LLDP 表或设计文件）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Each plane is a subnet of its own, and an ibnetdiscover dump shows one. Which plane is this dump of?</source>
        <translation>每个平面都是独立的子网，一份 ibnetdiscover 转储只显示其中一个。此转储属于哪个平面？</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Plane %1 of %2</source>
        <translation>平面 %1（共 %2 个）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Only %1 of %2 planned nodes matched: is %3 a dump of this fabric, and of the right plane?</source>
        <translation>%2 个规划节点中只有 %1 个匹配：%3 是这个网络、这个平面的转储吗？</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The as-built fabric agrees with the plan.</source>
        <translation>实际布线与规划一致。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>As built: %1 missing, %2 misconnected, %3 unexpected, %4 degraded cable(s)</source>
        <translation>实际布线：%1 条缺失，%2 条接错，%3 条多余，%4 条降速</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>There is no comparison with an as-built fabric.</source>
        <translation>尚未与实际布线比较。</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+14"/>
        <location line="+6"/>
        <source>Export punch list</source>
        <translation>导出整改清单</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Only %1 of %2 planned nodes matched: %3 is most likely a dump of another fabric or plane, and the punch list would tell the technicians to recable everything. Export it anyway?</source>
        <translation>%2 个规划节点中只有 %1 个匹配：%3 很可能是另一个网络或平面的转储，这份整改清单会让技术人员重新布线全部线缆。仍要导出吗？</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>CSV (*.csv);;All files (*)</source>
        <translation>CSV (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not write the punch list:
%1</source>
        <translation>无法写入整改清单：
%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Punch list written to %1</source>
        <translation>整改清单已写入 %1</translation>
    </message>
</context>
<context>
    <name>cplan::AsBuiltStyle</name>
    <message>
        <location filename="../../widgets/canvas/asbuiltoverlay.cpp" line="+124"/>
        <source>%1 of %2 nodes matched: right fabric or plane?</source>
        <translation>%2 个节点中 %1 个匹配：网络或平面对吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dump of %1 of %2 planned nodes: the rest read missing</source>
        <translation>导出含规划 %2 个节点中的 %1 个：其余显示为缺失</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+44"/>
        <source>Misconnected (actual)</source>
        <translation>接错（实际位置）</translation>
    </message>
    <message>
        <location line="-42"/>
        <location line="+20"/>
        <source>As built vs plan (outdated: the plan changed since)</source>
        <translation>实际布线与规划对比（已过时：此后规划已更改）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>As built vs plan</source>
        <translation>实际布线与规划对比</translation>
    </message>
    <message>
        <location filename="../../widgets/canvas/asbuiltstyle.cpp" line="+35"/>
        <source>OK</source>
        <translation>正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unexpected</source>
        <translation>多余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Misconnected</source>
        <translation>接错</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Degraded</source>
        <translation>降速</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Node missing</source>
        <translation>节点缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node unexpected</source>
        <translation>多余节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Different part</source>
        <translation>部件不同</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>As planned.</source>
        <translation>与规划一致。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Planned, not found.</source>
        <translation>已规划，未发现。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Found between %1 and %2, not planned.</source>
        <translation>在 %1 与 %2 之间发现，未规划。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The cable at %1 ends at %2 instead of %3.</source>
        <translation>%1 上的线缆接到了 %2，而不是 %3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Swapped with another cable.</source>
        <translation>与另一条线缆互换。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Swapped with %1.</source>
        <translation>与 %1 互换。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Runs at %1 (%2 Gb/s), planned %3 (%4 Gb/s).</source>
        <translation>运行于 %1（%2 Gb/s），规划为 %3（%4 Gb/s）。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Planned (%1), not found.</source>
        <translation>已规划（%1），未发现。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Found (%1), not planned.</source>
        <translation>已发现（%1），未规划。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Planned %1, found %2.</source>
        <translation>规划为 %1，发现 %2。</translation>
    </message>
</context>
<context>
    <name>cplan::BomModel</name>
    <message>
        <location filename="../../widgets/docks/bommodel.cpp" line="+66"/>
        <source>Total (CAPEX)</source>
        <translation>合计（资本支出）</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Unknown price: the totals leave this line out.</source>
        <translation>价格未知：合计不含此行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Estimated price</source>
        <translation>估算价格</translation>
    </message>
    <message>
        <location line="-36"/>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>总价</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No %1 rate: the part is priced %2, the BOM is in %3. Enter a rate in File ▸ Design settings ▸ Exchange rates; until then the totals leave this line out.</source>
        <translation>没有 %1 汇率：该部件报价为 %2，物料清单以 %3 计价。请在“文件 ▸ 设计设置 ▸ 汇率”中输入汇率；在此之前合计不含此行。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Double-click to type a price in %1 and its source; it goes into your price book (Ctrl+Z undoes it).</source>
        <translation>双击输入以 %1 计的价格及其来源；价格记入您的价格簿（Ctrl+Z 可撤销）。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>typed into the BOM</source>
        <translation>在物料清单中输入</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Set the price of %1</source>
        <translation>设置 %1 的价格</translation>
    </message>
</context>
<context>
    <name>cplan::BomPriceDelegate</name>
    <message>
        <location line="+20"/>
        <source>price</source>
        <translation>价格</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>source (quote, price list)</source>
        <translation>来源（报价单、价目表）</translation>
    </message>
</context>
<context>
    <name>cplan::CanvasClipboard</name>
    <message>
        <location filename="../../widgets/canvas/canvasclipboard.cpp" line="+101"/>
        <source>Nothing to paste</source>
        <translation>没有可粘贴的内容</translation>
    </message>
    <message numerus="yes">
        <location line="+43"/>
        <source>Paste %n node(s)</source>
        <translation>
            <numerusform>粘贴 %n 个节点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cplan::CanvasLod</name>
    <message>
        <location filename="../../widgets/canvas/canvasblocks.cpp" line="+308"/>
        <source>%1 links</source>
        <translation>%1 条链路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 × %2G</source>
        <translation>%1 × %2G</translation>
    </message>
</context>
<context>
    <name>cplan::CanvasScene</name>
    <message>
        <location line="-264"/>
        <source>%1 switches</source>
        <translation>%1 台交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 servers · %2 switches · %3 GPUs</source>
        <translation>%1 台服务器 · %2 台交换机 · %3 个 GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · %1 appliances</source>
        <translation> · %1 台管理设备</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Core switches</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spine switches</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaf switches</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, plane %2</source>
        <translation>%1，平面 %2</translation>
    </message>
    <message>
        <location line="+61"/>
        <source> · plane %1</source>
        <translation> · 平面 %1</translation>
    </message>
</context>
<context>
    <name>cplan::CanvasSearchBar</name>
    <message>
        <location filename="../../widgets/canvas/canvassearch.cpp" line="+23"/>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>server, switch, node:port, link, rack or GUID</source>
        <translation>服务器、交换机、节点:端口、链路、机柜或 GUID</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Close (Esc)</source>
        <translation>关闭 (Esc)</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 of %2: %3</source>
        <translation>第 %1 个，共 %2 个：%3</translation>
    </message>
</context>
<context>
    <name>cplan::CanvasToolTips</name>
    <message>
        <location filename="../../widgets/canvas/canvastooltips.cpp" line="+29"/>
        <source>Collapsed group %1 — double-click to expand</source>
        <translation>已折叠的分组 %1 — 双击展开</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Ports: %1 of %2 wired</source>
        <translation>端口：已连线 %1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 Gb/s</source>
        <translation>，%1 Gb/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs: %1 × %2</source>
        <translation>GPU：%1 × %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Price: %1</source>
        <translation>价格：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Power: %1</source>
        <translation>功耗：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Group %1, rack %2</source>
        <translation>分组 %1，机柜 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+20"/>
        <source>FAILED</source>
        <translation>故障</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Speed: %1 Gb/s</source>
        <translation>速率：%1 Gb/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cable: %1%2</source>
        <translation>线缆：%1%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(automatic)</source>
        <translation>（自动）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, %1 m</source>
        <translation>，%1 m</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Utilization: %1 %</source>
        <translation>利用率：%1 %</translation>
    </message>
</context>
<context>
    <name>cplan::CanvasView</name>
    <message>
        <location filename="../../widgets/canvas/canvasview.cpp" line="+39"/>
        <source>Link utilization</source>
        <translation>链路利用率</translation>
    </message>
    <message>
        <location line="+322"/>
        <source>Drag switches and servers from the Parts palette onto the canvas,
or generate a fabric with File ▸ New fat-tree fabric… (Ctrl+Shift+N),
or open a design (Ctrl+O).</source>
        <translation>从“部件”面板将交换机和服务器拖到画布上，
或通过“文件 ▸ 新建胖树网络…”（Ctrl+Shift+N）生成网络，
或打开一个设计（Ctrl+O）。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>failed</source>
        <translation>故障</translation>
    </message>
    <message>
        <location line="+102"/>
        <location line="+14"/>
        <location line="+15"/>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+15"/>
        <source>Cluster Planner view</source>
        <translation>Cluster Planner 视图</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Unknown export format &apos;%1&apos; (use .png, .svg or .pdf)</source>
        <translation>未知的导出格式“%1”（请使用 .png、.svg 或 .pdf）</translation>
    </message>
</context>
<context>
    <name>cplan::CollectiveChart</name>
    <message>
        <location filename="../../widgets/docks/collectivechart.cpp" line="+58"/>
        <source>busbw GB/s</source>
        <translation>busbw GB/s</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Bus bandwidth by message size: unknown (figures missing)</source>
        <translation>按消息大小的总线带宽：未知（缺少数值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bus bandwidth by message size (%1 sizes unknown)</source>
        <translation>按消息大小的总线带宽（%1 个大小未知）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bus bandwidth by message size</source>
        <translation>按消息大小的总线带宽</translation>
    </message>
</context>
<context>
    <name>cplan::Commands</name>
    <message numerus="yes">
        <location filename="../../widgets/document/commands.cpp" line="+139"/>
        <source>Delete %n object(s)</source>
        <translation>
            <numerusform>删除 %n 个对象</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cplan::DesignSettingsDialog</name>
    <message>
        <location filename="../../widgets/dialogs/designsettingsdialog.cpp" line="+61"/>
        <source>Design settings</source>
        <translation>设计设置</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Currency of the BOM and its totals. A price in another currency is converted with the exchange rates below; without a rate its line stays unknown.</source>
        <translation>物料清单及其合计的货币。其他货币的价格按下方汇率换算；没有汇率的行保持未知。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Price of one kWh, for the energy part of the TCO.</source>
        <translation>每千瓦时电价，用于总拥有成本中的能耗部分。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Electricity price per kWh</source>
        <translation>每千瓦时电价</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Power usage effectiveness of the data centre: facility power divided by IT power.</source>
        <translation>数据中心的电能使用效率：设施总功率除以 IT 功率。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCO period</source>
        <translation>总拥有成本周期</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The OpenSM routing engine the analysis models.</source>
        <translation>分析所模拟的 OpenSM 路由引擎。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routing engine</source>
        <translation>路由引擎</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>The fabric&apos;s own (ECMP on Ethernet, tables on InfiniBand)</source>
        <translation>网络自身的方式（以太网用 ECMP，InfiniBand 用路由表）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>How flows take the fabric&apos;s equal-cost paths: lft = the routing tables&apos; one route, ar = InfiniBand adaptive routing, ecmp = per-flow hashing (run over several hash seeds), eecmp = ECMP with QP scaling, flowlet, spray = per-packet spraying (Spectrum-X).</source>
        <translation>流如何使用网络的等价路径：lft = 路由表的单一路由，ar = InfiniBand 自适应路由，ecmp = 按流哈希（在多个哈希种子上运行），eecmp = 带 QP 扩展的 ECMP，flowlet，spray = 逐包喷洒（Spectrum-X）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Not stated</source>
        <translation>未声明</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> bytes</source>
        <translation> 字节</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The MTU configured on the fabric&apos;s ports (a node may set its own in the inspector). Validation checks it against each part&apos;s largest MTU, across links, and for RoCE (4192 or more carries 4096-byte RoCE payloads). Not stated: nothing is checked.</source>
        <translation>网络端口上配置的 MTU（节点可在检查器中设置自己的值）。验证会对照各部件的最大 MTU、跨链路两端以及 RoCE 进行检查（4192 或以上才能承载 4096 字节的 RoCE 负载）。未声明：不做任何检查。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Load balancing</source>
        <translation>负载均衡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Spares on cables and transceivers (the parts that fail in the field), as a share of their cost; the quote in the BOM workbook and the report adds them.</source>
        <translation>线缆和光模块（现场易损件）的备件，按其成本的百分比计；BOM 工作簿和报告的报价会加上这部分。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Spares</source>
        <translation>备件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount off the whole quote (hardware and spares) in the BOM workbook and the report. The Metrics dock&apos;s CAPEX stays at list prices.</source>
        <translation>BOM 工作簿和报告中整个报价（硬件和备件）的折扣。指标面板的 CAPEX 仍按目录价格计算。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discount</source>
        <translation>折扣</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Change design settings</source>
        <translation>更改设计设置</translation>
    </message>
</context>
<context>
    <name>cplan::DifferencesView</name>
    <message>
        <location filename="../../widgets/docks/differencesview.cpp" line="+48"/>
        <location line="+146"/>
        <source>No comparison yet: File ▸ Compare with as-built…</source>
        <translation>尚未比较：文件 ▸ 与实际布线比较…</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>Export punch list…</source>
        <translation>导出整改清单…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One row per action for the technicians (replace, move, remove, check), as CSV</source>
        <translation>供技术人员使用，每个操作一行（更换、移动、拆除、检查），CSV 格式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+150"/>
        <source>Finding</source>
        <translation>结论</translation>
    </message>
    <message>
        <location line="-150"/>
        <location line="+150"/>
        <source>Cable or node</source>
        <translation>线缆或节点</translation>
    </message>
    <message>
        <location line="-150"/>
        <location line="+150"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message numerus="yes">
        <location line="-120"/>
        <source>%1 agrees with the plan: %n cable(s) as planned.</source>
        <translation>
            <numerusform>%1 与规划一致：%n 条线缆与规划相同。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 against the plan: %2 missing, %3 misconnected, %4 unexpected, %5 degraded of %6 planned cables; %7 node(s) missing, %8 unexpected, %9 of another part.</source>
        <translation>%1 与规划对比：%6 条规划线缆中 %2 条缺失，%3 条接错，%4 条多余，%5 条降速；%7 个节点缺失，%8 个多余，%9 个部件不同。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Nodes matched: %1 of %2 planned (by GUID %3, by name %4, by position %5); the as-built has %6.</source>
        <translation>已匹配节点：规划的 %2 个中 %1 个（按 GUID %3 个，按名称 %4 个，按位置 %5 个）；实际布线有 %6 个。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only %1 of %2 planned nodes matched — is %3 a dump of this fabric, and of the right plane? The rows below then say nothing about the cabling: every planned cable reads missing and every cable found unexpected.</source>
        <translation>%2 个规划节点中只有 %1 个匹配 — %3 是这个网络、这个正确平面的转储吗？下面各行因此与布线无关：每条规划线缆都显示为缺失，每条找到的线缆都显示为意外。</translation>
    </message>
    <message numerus="yes">
        <location line="+82"/>
        <source>Imported %1: %n note(s) on what the import skipped or inferred.</source>
        <translation>
            <numerusform>已导入 %1：%n 条说明，记录导入跳过或推断的内容。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Import note</source>
        <translation>导入说明</translation>
    </message>
</context>
<context>
    <name>cplan::Docks</name>
    <message>
        <location filename="../../app/gui/docks.cpp" line="+129"/>
        <source>Parts</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inspector</source>
        <translation>属性检查器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduler</source>
        <translation>调度器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reliability</source>
        <translation>可靠性</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bill of materials</source>
        <translation>物料清单 (BOM)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
</context>
<context>
    <name>cplan::DocumentFiles</name>
    <message>
        <location filename="../../app/gui/documentfiles.cpp" line="+40"/>
        <source>Cannot open design</source>
        <translation>无法打开设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file could not be read; your current work is unchanged.

%1</source>
        <translation>无法读取该文件；当前工作未受影响。

%1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Opened the sample %1 as an untitled copy: Save asks where to keep it</source>
        <translation>已将示例 %1 作为未命名副本打开：保存时会询问保存位置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Opening the design</source>
        <translation>正在打开设计</translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+1"/>
        <source>Opening cancelled</source>
        <translation>已取消打开</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Untitled design</source>
        <translation>未命名设计</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cluster designs (*.cluster.yaml *.yaml);;All files (*)</source>
        <translation>集群设计 (*.cluster.yaml *.yaml);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+15"/>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Save design</source>
        <translation>保存设计</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cluster designs (*.cluster.yaml)</source>
        <translation>集群设计 (*.cluster.yaml)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The design has unsaved changes. Save them?</source>
        <translation>设计有未保存的更改。是否保存？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Discard</source>
        <translation>放弃(&amp;D)</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Autosaved</source>
        <translation>已自动保存</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Recover unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cluster Planner did not close properly. Unsaved work of %1 was autosaved at %2. Recover it?</source>
        <translation>Cluster Planner 上次未正常关闭。%1 的未保存工作已于 %2 自动保存。是否恢复？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an untitled design</source>
        <translation>未命名设计</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot recover</source>
        <translation>无法恢复</translation>
    </message>
</context>
<context>
    <name>cplan::ExchangeRatesBox</name>
    <message>
        <location filename="../../widgets/dialogs/exchangeratesbox.cpp" line="+46"/>
        <source>Exchange rates</source>
        <translation>汇率</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A price in another currency than the design&apos;s is converted with these rates (your price book, for every design); without a rate its line stays unknown.</source>
        <translation>与设计货币不同的价格按这些汇率换算（您的价格簿，适用于所有设计）；没有汇率的行保持未知。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value in USD</source>
        <translation>折合美元</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+28"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="-28"/>
        <location line="+29"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>bank, quote</source>
        <translation>银行、报价单</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>New rate</source>
        <translation>新汇率</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No price book is open: rates can be set with `cplan catalog set-rate`.</source>
        <translation>未打开价格簿：可用 `cplan catalog set-rate` 设置汇率。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>typed into Design settings</source>
        <translation>在设计设置中输入</translation>
    </message>
</context>
<context>
    <name>cplan::ExplorerChart</name>
    <message>
        <location filename="../../widgets/explorer/explorerchart.cpp" line="+69"/>
        <source>Breaks a constraint</source>
        <translation>违反约束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other points</source>
        <translation>其他方案</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Incomplete (unpriced parts)</source>
        <translation>不完整（有未定价部件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incomplete, on the front</source>
        <translation>不完整，位于前沿</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Chosen</source>
        <translation>已选</translation>
    </message>
</context>
<context>
    <name>cplan::ExplorerHost</name>
    <message>
        <location filename="../../app/gui/explorerhost.cpp" line="+97"/>
        <source>%1 from the design explorer: its report has an &quot;Alternatives considered&quot; page</source>
        <translation>%1 来自设计探索器：其报告包含“备选方案比较”页</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 from the design explorer</source>
        <translation>%1 来自设计探索器</translation>
    </message>
</context>
<context>
    <name>cplan::ExplorerModel</name>
    <message>
        <location filename="../../widgets/explorer/explorermodel.cpp" line="+100"/>
        <source>Front</source>
        <translation>前沿</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not on the front: a part without a price or power figure</source>
        <translation>不在前沿上：有部件缺少价格或功率数据</translation>
    </message>
</context>
<context>
    <name>cplan::ExplorerRunner</name>
    <message>
        <location filename="../../widgets/explorer/explorerrunner.cpp" line="+40"/>
        <source>Design sweep</source>
        <translation>设计扫描</translation>
    </message>
</context>
<context>
    <name>cplan::ExplorerSetup</name>
    <message>
        <location filename="../../widgets/explorer/explorersetup.cpp" line="+73"/>
        <source>Alternatives</source>
        <translation>备选方案</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sweep file</source>
        <translation>扫描文件</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Comma-separated values; each is one alternative (e.g. 1:1, 2:1)</source>
        <translation>以逗号分隔的取值，每个取值是一个备选方案（例如 1:1, 2:1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPU server:</source>
        <translation>GPU 服务器：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Servers:</source>
        <translation>服务器数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch models:</source>
        <translation>交换机型号：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blocking ratios:</source>
        <translation>阻塞比：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rails:</source>
        <translation>导轨数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tiers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workload pattern:</source>
        <translation>负载模式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes per flow:</source>
        <translation>每流字节数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Objectives:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>The sweep file the form writes (edit it here, or open one).</source>
        <translation>表单生成的扫描文件（可在此编辑，或打开一个文件）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
</context>
<context>
    <name>cplan::ExplorerWindow</name>
    <message>
        <location filename="../../widgets/explorer/explorerwindow.cpp" line="+53"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+186"/>
        <location line="+12"/>
        <source>Design explorer</source>
        <translation>设计探索器</translation>
    </message>
    <message>
        <location line="-164"/>
        <source>Open sweep file…</source>
        <translation>打开扫描文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save sweep file…</source>
        <translation>保存扫描文件…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run sweep</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Choose the alternatives, then run the sweep.</source>
        <translation>选择备选方案，然后运行扫描。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> : 1</source>
        <translation> : 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hide points that break a constraint</source>
        <translation>隐藏违反约束的方案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Include incomplete points</source>
        <translation>包括不完整的方案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rank points whose figures are lower bounds (a part without a price or power figure) on the Pareto front too; by default they are drawn hollow and left off it</source>
        <translation>数字为下限（有部件缺少价格或功率数据）的方案也参与帕累托前沿排名；默认画成空心，不在前沿上</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Budget ≤</source>
        <translation>预算 ≤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Power ≤</source>
        <translation>功耗 ≤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Racks ≤</source>
        <translation>机柜 ≤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Blocking ≤</source>
        <translation>阻塞比 ≤</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>against</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use in report</source>
        <translation>用于报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the chosen design with an &quot;Alternatives considered&quot; page (this sweep&apos;s front and table) in its report</source>
        <translation>打开所选设计，并在其报告中加入“备选方案比较”页（本次扫描的前沿与表格）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Open sweep file</source>
        <translation>打开扫描文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sweep files (*.sweep.yaml *.yaml)</source>
        <translation>扫描文件 (*.sweep.yaml *.yaml)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save sweep file</source>
        <translation>保存扫描文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep files (*.sweep.yaml)</source>
        <translation>扫描文件 (*.sweep.yaml)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(the explorer&apos;s sweep)</source>
        <translation>（探索器的扫描）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Running the sweep…</source>
        <translation>正在运行扫描…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cancelling after the points in progress…</source>
        <translation>正在取消（等待进行中的方案完成）…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Outdated: these points are of the sweep run at %1; the setup has changed since. Run again for the setup as it is.</source>
        <translation>已过时：这些点来自 %1 运行的扫描，此后设置已更改。请按现在的设置重新运行。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 of %2 points, about %3 left</source>
        <translation>%1 / %2 个方案，约剩 %3</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cancelled: %1 points done in %2 s</source>
        <translation>已取消：%2 秒内完成 %1 个方案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 points in %2 s</source>
        <translation>%2 秒内完成 %1 个方案</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n on the Pareto front</source>
        <translation>
            <numerusform>%n 个位于帕累托前沿</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n skipped (invalid combination)</source>
        <translation>
            <numerusform>%n 个已跳过（无效组合）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+65"/>
        <source>%n point(s) have parts without a price or power figure: drawn hollow, ranked by their lower bounds.</source>
        <translation>
            <numerusform>%n 个方案有缺少价格或功率数据的部件：画成空心，按其下限排名。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n point(s) have parts without a price or power figure: drawn hollow, not on the Pareto front (tick &quot;Include incomplete points&quot; to rank them).</source>
        <translation>
            <numerusform>%n 个方案有缺少价格或功率数据的部件：画成空心，不在帕累托前沿上（勾选“包括不完整的方案”可让其参与排名）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Point %1</source>
        <translation>方案 %1</translation>
    </message>
</context>
<context>
    <name>cplan::Exporter</name>
    <message>
        <location filename="../../app/gui/exporter.cpp" line="+77"/>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+24"/>
        <location line="+149"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location line="-171"/>
        <location line="+24"/>
        <location line="+145"/>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <location line="-137"/>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export BOM workbook</source>
        <translation>导出物料清单工作簿</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+6"/>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Each plane is a subnet of its own. Plane (1 to %1):</source>
        <translation>每个平面都是独立的子网。平面（1 到 %1）：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (*%2);;All files (*)</source>
        <translation>%1 (*%2);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Preparing the report</source>
        <translation>正在准备报告</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Preparing the report…</source>
        <translation>正在准备报告…</translation>
    </message>
</context>
<context>
    <name>cplan::FabricWizard</name>
    <message>
        <location filename="../../widgets/dialogs/fabricwizard.cpp" line="+147"/>
        <source>Rail-only: a network per rail, no spine</source>
        <translation>仅轨道：每条轨道一个网络，无脊交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each rail its own network; cross-rail traffic goes through the servers&apos; NVLink. The preview says what the rail-optimized fat tree would need.</source>
        <translation>每条轨道自成网络；跨轨道流量经服务器的 NVLink。预览会给出轨道优化胖树所需的数量。</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>New fat-tree fabric</source>
        <translation>新建胖树网络</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>New fabric</source>
        <translation>新网络</translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+24"/>
        <location line="+5"/>
        <location line="+1"/>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>the server&apos;s own</source>
        <translation>服务器自带</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dual-ToR: each NIC&apos;s ports on two ToRs</source>
        <translation>双 ToR：每块网卡的端口接到两台 ToR</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server port speed</source>
        <translation>服务器端口速率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Taper between pods</source>
        <translation>pod 间收敛</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>2 tiers</source>
        <translation>2 层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3 tiers</source>
        <translation>3 层</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server</source>
        <translation>服务器型号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Servers</source>
        <translation>服务器数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch</source>
        <translation>交换机型号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tiers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaf blocking (down : up)</source>
        <translation>叶交换机阻塞比（下行 : 上行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rails</source>
        <translation>轨道数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Servers per scalable unit</source>
        <translation>每个可扩展单元 (SU) 的服务器数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Planes (independent fabrics)</source>
        <translation>平面（独立网络）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Management appliances</source>
        <translation>管理设备数量</translation>
    </message>
    <message>
        <location line="+190"/>
        <source>Previewing the fabric</source>
        <translation>正在预览网络</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>&lt;b&gt;Blocking&lt;/b&gt;: %1&lt;br&gt;</source>
        <translation>&lt;b&gt;收敛比&lt;/b&gt;：%1&lt;br&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs &lt;b&gt;%1&lt;/b&gt; · CAPEX &lt;b&gt;%2&lt;/b&gt;%3 · CAPEX per GPU &lt;b&gt;%4&lt;/b&gt; · power %5 kW</source>
        <translation>GPU &lt;b&gt;%1&lt;/b&gt; · 资本支出 &lt;b&gt;%2&lt;/b&gt;%3 · 每 GPU 资本支出 &lt;b&gt;%4&lt;/b&gt; · 功率 %5 kW</translation>
    </message>
    <message>
        <location line="-337"/>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <location line="+245"/>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>&lt;b&gt;%1 tiers&lt;/b&gt;, %2 rails, %3 scalable units of %4 servers&lt;br&gt;Leaves %5, spines %6, cores %7 — %8 links&lt;br&gt;Leaf ports: %9 down, %10 up&lt;br&gt;</source>
        <translation>&lt;b&gt;%1 层&lt;/b&gt;，%2 个轨道，%3 个可扩展单元，每个 %4 台服务器&lt;br&gt;叶交换机 %5 台，脊交换机 %6 台，核心交换机 %7 台 — 共 %8 条链路&lt;br&gt;叶交换机端口：下行 %9，上行 %10&lt;br&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 planes, each its own subnet; the switch counts are over all planes&lt;br&gt;</source>
        <translation>%1 个平面，各为独立子网；交换机数量为所有平面之和&lt;br&gt;</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Over all rails: leaves %1, spines %2, cores %3 — %4 links&lt;br&gt;Leaf ports: %5 down, %6 up; in each rail&apos;s network %7 scalable units of %8 servers&lt;br&gt;</source>
        <translation>全部轨道合计：叶交换机 %1 台，脊交换机 %2 台，核心交换机 %3 台 — 共 %4 条链路&lt;br&gt;叶交换机端口：下行 %5，上行 %6；每条轨道的网络有 %7 个可扩展单元，每个 %8 台服务器&lt;br&gt;</translation>
    </message>
    <message>
        <location line="+30"/>
        <source> (some prices unknown)</source>
        <translation>（部分价格未知）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>n/a</source>
        <translation>暂无</translation>
    </message>
</context>
<context>
    <name>cplan::FailTool</name>
    <message>
        <location filename="../../widgets/canvas/tools/failtool.cpp" line="+25"/>
        <source>%1 is drawn as one block: double-click it to open it, then click a switch or link to fail it</source>
        <translation>%1 绘制为一个整体方块：双击将其展开，再单击某台交换机或某条链路使其故障</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 links drawn as one line: zoom in (or double-click a block) to fail one of them</source>
        <translation>%1 条链路绘制为一条线：放大（或双击方块）后可使其中一条故障</translation>
    </message>
</context>
<context>
    <name>cplan::HelpDialog</name>
    <message>
        <location filename="../../app/gui/helpdialog.cpp" line="+17"/>
        <source>Working in the window</source>
        <translation>在窗口中工作</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start from File ▸ New fat-tree fabric… (Ctrl+Shift+N), open a design (Ctrl+O), or drag switches and servers from the Parts palette onto the canvas.</source>
        <translation>从“文件 ▸ 新建胖树网络…”（Ctrl+Shift+N）开始，或打开一个设计（Ctrl+O），或从部件面板把交换机和服务器拖到画布上。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wire: press on a free port and drag to another port. The line says the speed and cable the catalog picks, or why the link is refused.</source>
        <translation>连线：在空闲端口上按下并拖到另一个端口。连线旁会显示速率和目录选用的线缆，或链路被拒绝的原因。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move: drag a node; select several with a rubber band. Every edit can be undone (Ctrl+Z, redo Ctrl+Shift+Z or Ctrl+Y).</source>
        <translation>移动：拖动节点；用框选一次选中多个。每次编辑都可以撤销（Ctrl+Z，重做 Ctrl+Shift+Z 或 Ctrl+Y）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pan with the middle button or Space + drag, zoom with the wheel. Double-click a node to collapse its scalable unit, double-click the block to expand it.</source>
        <translation>用鼠标中键或空格 + 拖动平移，用滚轮缩放。双击节点折叠其可扩展单元，双击折叠块将其展开。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a link to choose its cable and length in the Inspector; File ▸ Design settings… holds the currency, electricity price, PUE and TCO period.</source>
        <translation>选中一条链路，即可在属性检查器中选择其线缆和长度；“文件 ▸ 设计设置…”中有币种、电价、PUE 和总拥有成本周期。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tools ▸ Failure mode: click links or switches to fail them; the metrics and problems then describe the fabric without them. Failures are a scenario, not an edit.</source>
        <translation>工具 ▸ 故障模式：点击链路或交换机使其故障；指标和问题随即描述去掉它们之后的网络。故障只是一个场景，不是对设计的编辑。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>View ▸ Utilization heatmap colours every link by its load under a traffic pattern. F5 presents the canvas full screen; Esc or F5 leaves.</source>
        <translation>视图 ▸ 利用率热力图按某种流量模式下的负载为每条链路着色。F5 全屏演示画布；按 Esc 或 F5 退出。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right-click a node, link or block for what can be done with it.</source>
        <translation>右键点击节点、链路或折叠块，查看可执行的操作。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>New, open, save, save as</source>
        <translation>新建、打开、保存、另存为</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the design</source>
        <translation>关闭设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo, redo</source>
        <translation>撤销、重做</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cut, copy, paste, delete</source>
        <translation>剪切、复制、粘贴、删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find a server, switch, port (node:port), link, rack or GUID</source>
        <translation>查找服务器、交换机、端口（节点:端口）、链路、机柜或 GUID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit to view, zoom in / out</source>
        <translation>适合视图、放大 / 缩小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Presentation mode on, off</source>
        <translation>开启、关闭演示模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This help</source>
        <translation>本帮助</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reading the figures</source>
        <translation>如何解读指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A figure marked ≥ is a lower bound: some parts have no price, power or rack units in the catalog and count as zero. The BOM lists them.</source>
        <translation>标有 ≥ 的数值是下限：目录中有些部件缺少价格、功耗或机架单元，按零计算。物料清单会列出这些部件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A cost figure with fewer than %1 % of its BOM lines priced, and a server or switch among those without a price, reads &quot;unknown (n of m lines priced)&quot;: the rest alone would understate it. With every server and switch priced, or from %1 % of the lines up, it is a lower bound with its coverage beside it.</source>
        <translation>BOM 中有价格的行少于 %1 %，且其中有服务器或交换机没有价格时，成本数字显示为“未知（m 行中 n 行有价格）”：仅凭其余部分会低估总额。所有服务器和交换机都有价格时，或有价格的行达到 %1 % 及以上时，它是一个下限，旁边注明覆盖率。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection is the most the first half of the endpoints (in the fabric&apos;s order, leaf by leaf) can send to the other half at once; a non-blocking fabric gives all that the half can inject, less means oversubscription.</source>
        <translation>对分带宽是前一半端点（按网络顺序，逐个叶交换机）同时向另一半端点能发送的最大带宽；无阻塞网络等于这一半端点的全部注入带宽，低于它即表示存在收敛（收敛比高于 1:1）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link utilization and completion time come from a max-min fair flow model of the traffic pattern over the routes the routing engine would set; they leave out congestion control, adaptive routing and message sizes.</source>
        <translation>链路利用率和完成时间来自流量模式在路由引擎所设路由上的最大最小公平流模型；其中不包括拥塞控制、自适应路由和消息大小。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency adds the switch and adapter latencies along each route (the catalog&apos;s, or assumed: 150 ns a switch, 600 ns an adapter) and 5 ns per metre of cable (3 m when unknown); it is the fabric&apos;s share, not an application&apos;s latency.</source>
        <translation>延迟为每条路由上交换机和网卡延迟之和（取目录数值，缺失时假设每台交换机 150 ns、每块网卡 600 ns），再加每米线缆 5 ns（长度未知时按 3 m 计）；这是网络部分的延迟，不是应用的延迟。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Costs add catalog prices as they are (list or estimated); TCO adds energy for the TCO period at the electricity price and PUE of the design settings.</source>
        <translation>成本按目录价格原样相加（目录价或估价）；总拥有成本再加上按设计设置中的电价和 PUE 计算的整个周期能耗。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cluster Planner help</source>
        <translation>Cluster Planner 帮助</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>About Cluster Planner</source>
        <translation>关于 Cluster Planner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Cluster Planner %1&lt;/h3&gt;&lt;p&gt;Design GPU clusters on InfiniBand fabrics: topology, bill of materials, cost, routing, traffic and scheduling analysis.&lt;/p&gt;&lt;p&gt;The same engine runs the window, the &lt;tt&gt;cplan&lt;/tt&gt; command-line tool and the PDF report.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Cluster Planner %1&lt;/h3&gt;&lt;p&gt;在 InfiniBand 网络上设计 GPU 集群：拓扑、物料清单、成本、路由、流量和调度分析。&lt;/p&gt;&lt;p&gt;窗口、&lt;tt&gt;cplan&lt;/tt&gt; 命令行工具和 PDF 报告使用同一个引擎。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>cplan::Inspector</name>
    <message>
        <location filename="../../widgets/docks/inspector.cpp" line="+88"/>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HCAs</source>
        <translation>HCA</translation>
    </message>
    <message>
        <location line="+16"/>
        <source> m</source>
        <translation> 米</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>%1 — %2 %3</source>
        <translation>%1 — %2 %3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The design&apos;s (%1)</source>
        <translation>沿用设计（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The design&apos;s (not stated)</source>
        <translation>沿用设计（未声明）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n free slot(s)</source>
        <translation>
            <numerusform>%n 个空闲插槽</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ports wired: %1 of %2</source>
        <translation>已连线端口：%1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs: %1</source>
        <translation>GPU：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Price: %1</source>
        <translation>价格：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 ↔ %2&lt;br&gt;Speed: %3 Gb/s</source>
        <translation>%1 ↔ %2&lt;br&gt;速率：%3 Gb/s</translation>
    </message>
    <message>
        <location line="-186"/>
        <location line="+172"/>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="-205"/>
        <source> bytes</source>
        <translation> 字节</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The MTU configured on this node&apos;s ports, where it differs from the design&apos;s (File ▸ Design settings).</source>
        <translation>此节点端口上配置的 MTU，用于不同于设计设置的情况（文件 ▸ 设计设置）。</translation>
    </message>
    <message>
        <location line="+203"/>
        <source>Power: %1</source>
        <translation>功耗：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Link %1</source>
        <translation>链路 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(automatic)</source>
        <translation>（自动）</translation>
    </message>
    <message numerus="yes">
        <location line="-76"/>
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n 条链路</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>GPUs in the selection: %1</source>
        <translation>所选对象中的 GPU：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing selected</source>
        <translation>未选择任何对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a switch, server or link on the canvas to see and edit its properties.</source>
        <translation>在画布上选择交换机、服务器或链路，以查看和编辑其属性。</translation>
    </message>
</context>
<context>
    <name>cplan::LanguageMenu</name>
    <message>
        <location filename="../../app/gui/i18n.cpp" line="+103"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>cplan::MainActions</name>
    <message>
        <location filename="../../app/gui/mainactions.cpp" line="+72"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New &amp;fat-tree fabric…</source>
        <translation>新建胖树网络(&amp;F)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Design se&amp;ttings…</source>
        <translation>设计设置(&amp;T)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Import fabric…</source>
        <translation>导入网络(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with &amp;as-built…</source>
        <translation>与实际布线比较(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with &amp;measured performance…</source>
        <translation>与实测性能比较(&amp;M)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import &amp;price list…</source>
        <translation>导入价目表(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <location line="+2"/>
        <source>Import price list</source>
        <translation>导入价目表</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Price lists (*.csv *.xlsx);;All files (*)</source>
        <translation>价目表 (*.csv *.xlsx);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Export view…</source>
        <translation>导出视图(&amp;E)…</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Sa&amp;ve as…</source>
        <translation>另存为(&amp;V)…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>E&amp;xport report (PDF)…</source>
        <translation>导出报告 (PDF)(&amp;X)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export &amp;BOM workbook (XLSX)…</source>
        <translation>导出物料清单工作簿 (XLSX)(&amp;B)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export &amp;deliverable</source>
        <translation>导出交付文件(&amp;D)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select &amp;all</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Find on canvas…</source>
        <translation>在画布上查找(&amp;F)…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Message size</source>
        <translation>消息大小(&amp;M)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Default (%1 per flow, %2 for a collective)</source>
        <translation>默认（每条流 %1，集合通信 %2）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Fit to view</source>
        <translation>适应视图(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Snap to grid</source>
        <translation>对齐网格(&amp;S)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Collapse all scalable units</source>
        <translation>折叠所有可扩展单元(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xpand all groups</source>
        <translation>展开所有分组(&amp;X)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Utilization &amp;heatmap</source>
        <translation>利用率热力图(&amp;H)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Leave presentation mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Docks</source>
        <translation>停靠窗口(&amp;D)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Failure mode (click links or switches to fail them)</source>
        <translation>故障模式(&amp;F)（点击链路或交换机使其故障）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Failure mode: click a link or a switch to fail it, click again to restore it</source>
        <translation>故障模式：点击链路或交换机使其故障，再次点击可恢复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failure mode off</source>
        <translation>故障模式已关闭</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Restore all failed objects</source>
        <translation>恢复所有故障对象(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run &amp;analysis now</source>
        <translation>立即运行分析(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Design explorer…</source>
        <translation>设计探索器(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare with the &amp;Ethernet twin…</source>
        <translation>与以太网孪生设计比较(&amp;E)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The same servers and rails on an Ethernet (Spectrum-X) fabric: key figures side by side, and why they differ</source>
        <translation>相同的服务器和轨道放在以太网（Spectrum-X）网络上：关键指标并排比较，并说明差异原因</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cluster Planner &amp;help</source>
        <translation>Cluster Planner 帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Manual</source>
        <translation>手册(&amp;M)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Cluster Planner</source>
        <translation>关于 Cluster Planner(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Restore (failure scenario)</source>
        <translation>恢复（故障场景）(&amp;R)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Fail (failure scenario)</source>
        <translation>使其故障（故障场景）(&amp;F)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Co&amp;llapse group %1</source>
        <translation>折叠分组 %1(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Properties</source>
        <translation>属性(&amp;P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>E&amp;xpand group %1</source>
        <translation>展开分组 %1(&amp;X)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New fat tree…</source>
        <translation>新建胖树…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failure mode</source>
        <translation>故障模式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Present</source>
        <translation>演示</translation>
    </message>
</context>
<context>
    <name>cplan::MainWindow</name>
    <message>
        <location filename="../../app/gui/mainwindow.cpp" line="+108"/>
        <source>Price book</source>
        <translation>价格簿</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the work in progress; the figures shown stay those of the last analysis</source>
        <translation>停止正在进行的工作；显示的数值保持为上一次分析的结果</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Analysing the design…</source>
        <translation>正在分析设计…</translation>
    </message>
    <message>
        <location line="+337"/>
        <source>Analysis cancelled</source>
        <translation>分析已取消</translation>
    </message>
    <message>
        <location line="-272"/>
        <source>User store damaged</source>
        <translation>用户库已损坏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your user store (your own parts and prices) was damaged. It was set aside, and Cluster Planner started a new, empty one.</source>
        <translation>您的用户库（自定义部件和价格）已损坏。它已被移到一旁保存，Cluster Planner 已新建了一个空的用户库。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2)[*] — Cluster Planner</source>
        <translation>%1 (%2)[*] — Cluster Planner</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Untitled design</source>
        <translation>未命名设计</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>The lines priced in %1 stay unknown until you enter an exchange rate: File ▸ Design settings ▸ Exchange rates.</source>
        <translation>以 %1 计价的行在您输入汇率之前保持未知：文件 ▸ 设计设置 ▸ 汇率。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Imported %n price(s) into your price book</source>
        <translation>
            <numerusform>已将 %n 个价格导入您的价格簿</numerusform>
        </translation>
    </message>
    <message>
        <location line="+49"/>
        <location line="+1"/>
        <source>Opening the design…</source>
        <translation>正在打开设计…</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Cut</source>
        <translation>剪切</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Analysis %1 ms</source>
        <translation>分析耗时 %1 ms</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Analysis cancelled at %1: this design has not been analysed. Tools ▸ Run analysis now analyses it.</source>
        <translation>分析已于 %1 取消：此设计尚未分析。工具 ▸ 立即运行分析 可分析它。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Analysis cancelled at %1: the %2 heatmap was not computed. The heatmap and figures are those of %3 (analysed at %4).</source>
        <translation>分析已于 %1 取消：未计算 %2 热图。热图和指标是 %3 的结果（分析于 %4）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Analysis cancelled at %1: the figures and the heatmap are of the design as it was at %2, before the later changes. Tools ▸ Run analysis now brings them up to date.</source>
        <translation>分析已于 %1 取消：指标和热图是设计在 %2 时的状态，不含之后的更改。工具 ▸ 立即运行分析 可将其更新。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Analysis cancelled: figures outdated</source>
        <translation>分析已取消：指标已过时</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+20"/>
        <source>(outdated)</source>
        <translation>（已过时）</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Link utilization — %1</source>
        <translation>链路利用率 — %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(updating…)</source>
        <translation>（更新中…）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(computing %1…)</source>
        <translation>（正在计算 %1…）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>outdated, analysis cancelled</source>
        <translation>已过时，分析已取消</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Esc or F5: leave presentation mode</source>
        <translation>Esc 或 F5：退出演示模式</translation>
    </message>
</context>
<context>
    <name>cplan::ManualDialog</name>
    <message>
        <location filename="../../app/gui/manualdialog.cpp" line="+70"/>
        <source>Cluster Planner manual</source>
        <translation>Cluster Planner 手册</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>%1 is not part of this manual: it is in the source tree of Cluster Planner.</source>
        <translation>%1 不在本手册中：它位于 Cluster Planner 的源代码树中。</translation>
    </message>
</context>
<context>
    <name>cplan::MetricToolTips</name>
    <message>
        <location filename="../../widgets/docks/metrictips.cpp" line="+12"/>
        <source>A value with ≥ is a lower bound: parts without a price, power or rack units in the catalog count as zero (the BOM lists them).</source>
        <translation>带 ≥ 的数值是下限：目录中没有价格、功耗或机架单位的部件按零计（BOM 中列出了这些部件）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A cost figure with fewer than %1 % of its BOM lines priced and a server or switch without a price shows as unknown, with how many lines have a price: a line without a price has no value to estimate, and the rest alone would understate the total. Servers and switches are most of a cluster&apos;s price: with all of them priced the figure is a lower bound.</source>
        <translation>BOM 中有价格的行少于 %1 % 且有服务器或交换机没有价格时，成本数字显示为未知，并注明有多少行有价格：没有价格的行无法估值，仅凭其余部分会低估总额。服务器和交换机占集群价格的大部分：它们都有价格时，该数字是一个下限。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GPUs in the servers. Management appliances carry none.</source>
        <translation>服务器中的 GPU。管理设备不含 GPU。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Switches by tier: leaf (servers below), spine, core.</source>
        <translation>按层级统计的交换机：叶（下接服务器）、脊、核心。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The most the first half of the endpoints (leaf by leaf, in the fabric&apos;s order) can send to the other half at once, one way, over the cables as routed. A non-blocking fabric reaches all that the half can inject.</source>
        <translation>前一半端点（按网络顺序逐个叶交换机划分）沿实际路由的线缆，同时单向向另一半发送的最大带宽。无阻塞网络可达到这一半端点能注入的全部带宽。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Per tier: the capacity down towards the servers divided by the capacity up. 1:1 is non-blocking; 2:1 means the uplinks carry at most half of what the servers below can send.</source>
        <translation>每一层：朝向服务器的下行容量除以上行容量。1:1 为无阻塞；2:1 表示上行链路最多承载下方服务器可发送流量的一半。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It counts every switch of the tier as cabled, so leaves with fewer servers than the others (a unit&apos;s last ones) bring it below the Blocking row, which is per leaf as the generator built it.</source>
        <translation>它按实际布线统计该层的每台交换机，因此服务器比其他叶交换机少的叶交换机（一个单元的最后几台）会使它低于按生成器所建、逐台叶交换机计算的“阻塞比”一行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The leaf blocking the generator was asked for (File ▸ New fat-tree fabric, cplan generate --blocking) against the down and up ports it gave each leaf, and why they differ: ports are whole and uplinks split evenly over the spines. Kept in the design file; after the leaves are edited it says so. The Oversubscription row is measured over all leaves as cabled, so it can be a little lower.</source>
        <translation>生成器被要求的叶层阻塞比（文件 ▸ 新建胖树网络，cplan generate --blocking）与它给每台叶交换机的下行和上行端口之比，以及两者不同的原因：端口是整数个，上行链路要在脊交换机之间均匀分配。保存在设计文件中；叶交换机修改后会如实说明。“超额订阅”一行按所有叶交换机的实际布线测得，因此可能略低。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Catalog prices (list or estimated) times quantities; no discount, support or installation.</source>
        <translation>目录价格（标价或估价）乘以数量；不含折扣、支持服务或安装费用。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The quote&apos;s total over the GPUs: catalog prices times quantities, plus the design&apos;s spares on cables and optics, less its discount (File ▸ Design settings); the figure of the report and the BOM workbook.</source>
        <translation>报价总额除以 GPU 数：目录价乘以数量，加上设计中线缆和光模块的备件，减去折扣（文件 ▸ 设计设置）；与报告和 BOM 工作簿中的数值相同。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>BOM lines with a known price, and how much of the priced value comes from a quote or price list (your price book, a vendor&apos;s list) rather than an estimate. A line without a price has no value to count: type one in the Bill of materials dock or use File ▸ Import price list.</source>
        <translation>有已知价格的物料清单行，以及已定价金额中来自报价单或价目表（您的价格簿、厂商价目表）而非估算的比例。没有价格的行无法计入金额：请在“物料清单”面板中输入价格，或使用“文件 ▸ 导入价目表”。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Maximum (nameplate) power of servers, switches and optics from the catalog; cables draw none.</source>
        <translation>目录中服务器、交换机和光模块的最大（铭牌）功耗；线缆不耗电。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rack units of servers, switches and appliances; no patch panels or spacing.</source>
        <translation>服务器、交换机和设备占用的机架单位；不含配线架或间隔。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CAPEX plus energy over the TCO period at the design&apos;s electricity price and PUE (File ▸ Design settings); no staff, space or maintenance.</source>
        <translation>CAPEX 加上 TCO 期间按设计的电价和 PUE 计算的能耗费用（文件 ▸ 设计设置）；不含人员、场地或维护费用。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Over sampled endpoint pairs: switch and adapter latencies along the route (the catalog&apos;s, or assumed: %1 ns a switch, %2 ns an adapter) plus %3 ns per metre of cable (%4 m when unknown). The fabric&apos;s share only, no software.</source>
        <translation>基于抽样的端点对：路由沿途交换机和网卡的延迟（取自目录，或假定：每台交换机 %1 ns，每块网卡 %2 ns），加上每米线缆 %3 ns（长度未知时按 %4 m）。仅为网络部分，不含软件。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>When the last flow of the traffic pattern finishes in the max-min fair flow model over the routes; no congestion control, adaptive routing or message overheads.</source>
        <translation>在基于路由的最大最小公平流模型中，流量模式最后一条流完成的时间；不含拥塞控制、自适应路由或消息开销。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The busiest link&apos;s busy share of the run under the heatmap&apos;s traffic pattern.</source>
        <translation>在热力图流量模式下，最繁忙链路在运行期间的繁忙比例。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The average busy share over the links that carry any of the pattern&apos;s traffic; idle links are left out.</source>
        <translation>承载该流量模式任意流量的链路的平均繁忙比例；空闲链路不计入。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A pattern with more flows than the analysis may hold (all-to-all over thousands of endpoints) is simulated by route classes: flows and links that the fabric and the pattern make alike are taken together. On a symmetric fabric this is exact; otherwise it spreads each class&apos;s flows evenly over its links, and the figure says how uneven those links really are.</source>
        <translation>流数超出分析可容纳范围的流量模式（例如数千个端点上的全互联）按路由类模拟：网络和流量模式使之等同的流与链路合并计算。在对称网络上结果是精确的；否则每一类的流会被平均分摊到该类的链路上，此数值说明这些链路实际有多不均衡。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Endpoints the failures cut off from the fabric, and the bisection bandwidth the failed cables and switches take away.</source>
        <translation>因故障与网络断开的端点，以及故障线缆和交换机所减少的对分带宽。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Racks in the design and the highest nameplate power of one rack (the sum of its devices&apos; maximum power from the catalog). The Racks dock shows each rack&apos;s elevation.</source>
        <translation>设计中的机柜数量，以及单个机柜的最高铭牌功率（其设备在目录中的最大功率之和）。“机柜”面板显示每个机柜的立面图。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Racks whose devices exceed a budget of the rack or the site: rack units, power, cooling or weight.</source>
        <translation>设备超出机柜或站点预算的机柜：机架单元、功率、制冷或重量。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Errors and warnings of the design rules, and with failures what the failures add (the Problems dock lists them).</source>
        <translation>设计规则的错误和警告，以及存在故障时故障带来的问题（问题面板中列出）。</translation>
    </message>
</context>
<context>
    <name>cplan::MetricsView</name>
    <message>
        <location filename="../../widgets/docks/metricsview.cpp" line="-334"/>
        <location line="+406"/>
        <source>Link utilization (%, links per bin)</source>
        <translation>链路利用率（%，每区间链路数）</translation>
    </message>
    <message>
        <location line="-405"/>
        <location line="+429"/>
        <source>GPU-to-GPU latency</source>
        <translation>GPU 间延迟</translation>
    </message>
    <message>
        <location line="-428"/>
        <location line="+386"/>
        <source>Cost breakdown</source>
        <translation>成本构成</translation>
    </message>
    <message>
        <location line="-155"/>
        <source>Switches (leaf / spine / core)</source>
        <translation>交换机（叶 / 脊 / 核心）</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>%1 Tb/s</source>
        <translation>%1 Tb/s</translation>
    </message>
    <message>
        <location filename="../../app/gui/mainwindow.cpp" line="-30"/>
        <location filename="../../widgets/docks/metricsview.cpp" line="+7"/>
        <location line="+55"/>
        <source>n/a</source>
        <translation>暂无</translation>
    </message>
    <message>
        <location filename="../../widgets/docks/metricsview.cpp" line="+56"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Price coverage</source>
        <translation>价格覆盖率</translation>
    </message>
    <message>
        <location line="-201"/>
        <source>Analysis cancelled</source>
        <translation>分析已取消</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>the routing tables (one path per destination)</source>
        <translation>路由表（每个目的地一条路径）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adaptive routing (packets over every equal path)</source>
        <translation>自适应路由（数据包走所有等价路径）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECMP (each flow hashed onto one path)</source>
        <translation>ECMP（每条流哈希到一条路径）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>enhanced ECMP (QPs hashed)</source>
        <translation>增强 ECMP（按 QP 哈希）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flowlets (bursts re-hashed)</source>
        <translation>flowlet（突发重新哈希）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per-packet spraying (every equal path)</source>
        <translation>逐包喷洒（所有等价路径）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1; median of %2 hash seeds, %3 to %4 ms</source>
        <translation>%1；%2 个哈希种子的中位数，%3 至 %4 ms</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>unchanged</source>
        <translation>不变</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1 of %2 lines (%3), %4 of the priced value quoted</source>
        <translation>%2 行中 %1 行有价格（%3），已定价金额中 %4 来自报价</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%n rack(s), up to %1 in one</source>
        <translation>
            <numerusform>%n 个机柜，单个最多 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Latency p50 / p99</source>
        <translation>延迟 p50 / p99</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 / %2 ns</source>
        <translation>%1 / %2 ns</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unreachable pairs</source>
        <translation>不可达端点对</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 errors, %2 warnings</source>
        <translation>%1 个错误，%2 个警告</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Completion (%1)</source>
        <translation>完成时间（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load balancing</source>
        <translation>负载均衡</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>NCCL algorithm</source>
        <translation>NCCL 算法</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bus bandwidth (%1)</source>
        <translation>总线带宽（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown: %1</source>
        <translation>未知：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Flows simulated by</source>
        <translation>流的模拟方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 route classes (exact: the fabric and pattern are symmetric)</source>
        <translation>%1 个路由类（精确：网络与流量模式对称）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 route classes, approximate: links of one class carry up to %2 % more flows than its mean</source>
        <translation>%1 个路由类，近似：同一类中的链路承载的流最多比该类平均值多 %2 %</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Failed objects</source>
        <translation>故障对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2 links, %3 Gb/s lost); figures read intact → with the failures</source>
        <translation>%1（%2 条链路，损失 %3 Gb/s）；指标显示为 完好 → 故障后</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Lost to the failures</source>
        <translation>故障造成的损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 endpoints cut off, %2 of bisection</source>
        <translation>%1 个端点断开，对分带宽减少 %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Link utilization: choose a traffic pattern in View ▸ Utilization heatmap.</source>
        <translation>链路利用率：请在“视图 ▸ 利用率热力图”中选择流量模式。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Cost breakdown (priced parts only)</source>
        <translation>成本构成（仅含有价格的部件）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>choose a traffic pattern for the heatmap</source>
        <translation>请为热力图选择流量模式</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no utilization for this pattern: see the notes above</source>
        <translation>此流量模式没有利用率数据：见上方说明</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>needs the routing engine</source>
        <translation>需要路由引擎</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint-to-endpoint latency (µs, pairs per bin)</source>
        <translation>端点间延迟（µs，每区间端点对数）</translation>
    </message>
</context>
<context>
    <name>cplan::OverviewView</name>
    <message>
        <location filename="../../widgets/canvas/overviewview.cpp" line="+103"/>
        <source>Outside groups</source>
        <translation>不属于任何分组</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n 个单元</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 servers, %2 GPUs</source>
        <translation>%1 台服务器，%2 个 GPU</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n switch(es)</source>
        <translation>
            <numerusform>%n 台交换机</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n management appliance(s)</source>
        <translation>
            <numerusform>%n 台管理设备</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Click to zoom the canvas onto %1</source>
        <translation>点击将画布缩放到 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This design has no pods or scalable units.</source>
        <translation>此设计没有 Pod 或可扩展单元。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pods and scalable units; click one to zoom onto it.</source>
        <translation>Pod 与可扩展单元；点击其中一个即可缩放到它。</translation>
    </message>
</context>
<context>
    <name>cplan::PartDrop</name>
    <message>
        <location filename="../../widgets/canvas/canvasdrop.cpp" line="+43"/>
        <source>Unknown part &apos;%1&apos;</source>
        <translation>未知部件“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not placed on the canvas (cables and optics are chosen per link)</source>
        <translation>%1 不放置在画布上（线缆和光模块按链路选择）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>An HCA goes into a server, not a switch</source>
        <translation>HCA 应安装在服务器中，而不是交换机中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has no free PCIe slot for another HCA</source>
        <translation>%1 没有空闲的 PCIe 插槽可再安装 HCA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Added %1 to %2</source>
        <translation>已将 %1 添加到 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drop the HCA onto a server with a free slot</source>
        <translation>请将 HCA 拖放到有空闲插槽的服务器上</translation>
    </message>
</context>
<context>
    <name>cplan::PartPalette</name>
    <message>
        <location filename="../../widgets/docks/partpalette.cpp" line="+45"/>
        <source>Search parts…</source>
        <translation>搜索部件…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Adapters (drop onto a server)</source>
        <translation>网卡（拖放到服务器上）</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+2"/>
        <source>%1 × %2 Gb/s</source>
        <translation>%1 × %2 Gb/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1, Ethernet</source>
        <translation>%1，以太网</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A port breaks out into %1 Gb/s lanes</source>
        <translation>一个端口可拆分为 %1 Gb/s 的通道</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>%1 × %2, %3 HCA</source>
        <translation>%1 × %2，%3 个 HCA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 HCA</source>
        <translation>%1 个 HCA</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Largest MTU: %1 bytes</source>
        <translation>最大 MTU：%1 字节</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Largest MTU: unknown</source>
        <translation>最大 MTU：未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price: %1</source>
        <translation>价格：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>cplan::PerfCompareDialog</name>
    <message>
        <location filename="../../app/gui/perfcomparedialog.cpp" line="+57"/>
        <source>Measured performance against the plan</source>
        <translation>实测性能与规划对比</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>No row of %1 or more is over %2 % below the plan.</source>
        <translation>没有 %1 及以上的行比规划低 %2 % 以上。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 row of %1 or more is over %2 % below the plan.</source>
        <translation>有 1 行（%1 及以上）比规划低 %2 % 以上。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 rows of %2 or more are over %3 % below the plan.</source>
        <translation>有 %1 行（%2 及以上）比规划低 %3 % 以上。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>within</source>
        <translation>符合</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>below</source>
        <translation>偏低</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>above</source>
        <translation>偏高</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not judged</source>
        <translation>不评判</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+46"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message numerus="yes">
        <location line="-37"/>
        <source>%1: %2 on %n server(s) × %3 GPUs</source>
        <translation>
            <numerusform>%1：%2，%n 台服务器 × %3 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No prediction: %1</source>
        <translation>无预测：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Measured busbw (GB/s)</source>
        <translation>实测 busbw (GB/s)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Predicted busbw (GB/s)</source>
        <translation>预测 busbw (GB/s)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NCCL (plan)</source>
        <translation>NCCL（规划）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 bytes, line %2 of the log</source>
        <translation>%1 字节，日志第 %2 行</translation>
    </message>
    <message>
        <location line="+50"/>
        <location line="+13"/>
        <source>Compare with measured performance</source>
        <translation>与实测性能比较</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>nccl-tests output (*.log *.txt);;All files (*)</source>
        <translation>nccl-tests 输出 (*.log *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Could not compare with the measured performance:
%1</source>
        <translation>无法与实测性能比较：
%1</translation>
    </message>
</context>
<context>
    <name>cplan::PlaneTabs</name>
    <message>
        <location filename="../../widgets/canvas/planetabs.cpp" line="+15"/>
        <source>Each plane is an independent fabric (its own subnet); the servers are in all of them</source>
        <translation>每个平面是一张独立的网络（各自的子网）；服务器属于所有平面</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>All planes</source>
        <translation>全部平面</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Plane %1</source>
        <translation>平面 %1</translation>
    </message>
</context>
<context>
    <name>cplan::ProblemsView</name>
    <message>
        <location filename="../../widgets/docks/problemsview.cpp" line="+53"/>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No analysis yet</source>
        <translation>尚未分析</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>[with failures] </source>
        <translation>[含故障] </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(first %1 shown)</source>
        <translation>（仅显示前 %1 条）</translation>
    </message>
</context>
<context>
    <name>cplan::RackScene</name>
    <message>
        <location filename="../../widgets/docks/rackview.cpp" line="+67"/>
        <source>%1 (%2): rack %3, U %4</source>
        <translation>%1（%2）：机柜 %3，U %4</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>%1 has no U %2</source>
        <translation>%1 没有第 %2 U</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>U %1 of %2 holds %3</source>
        <translation>%2 的第 %1 U 已放置 %3</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>two of the devices would share U %1</source>
        <translation>其中两台设备会共用第 %1 U</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not placed: %1.</source>
        <translation>未放置：%1。</translation>
    </message>
</context>
<context>
    <name>cplan::RackView</name>
    <message>
        <location line="+111"/>
        <source>budgets unknown</source>
        <translation>预算未知</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 over a budget</source>
        <translation>%1 个超出预算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>within the known budgets, others unknown</source>
        <translation>未超出已知预算，其余预算未知</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 over a budget, others unknown</source>
        <translation>%1 个超出预算，其余预算未知</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(no row)</source>
        <translation>（无列）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Ctrl+wheel or Ctrl+plus / minus zoom the elevations, Ctrl+0 fits a rack&apos;s height</source>
        <translation>Ctrl+滚轮或 Ctrl+加号/减号缩放机柜立面图，Ctrl+0 恢复为整个机柜的高度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Devices without a rack or a U: drag them into a rack</source>
        <translation>没有机柜或 U 位置的设备：把它们拖进机柜</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Row</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not in a rack</source>
        <translation>不在机柜中</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>The design has no racks yet: no node names one.</source>
        <translation>设计中还没有机柜：没有节点指定机柜。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n rack(s); up to %1 kW (nameplate) in one rack; %2</source>
        <translation>
            <numerusform>%n 个机柜；单个机柜最大 %1 kW（铭牌）；%2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 (in %2, no U)</source>
        <translation>%1（在 %2 中，无 U）</translation>
    </message>
</context>
<context>
    <name>cplan::ReliabilityView</name>
    <message>
        <location filename="../../widgets/docks/reliabilityview.cpp" line="+132"/>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+12"/>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Per day</source>
        <translation>每天</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>MTBI by job size</source>
        <translation>按作业规模的平均中断间隔</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Spare part</source>
        <translation>备件部件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>In a repair</source>
        <translation>维修期内</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Spares</source>
        <translation>备件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Preset file…</source>
        <translation>预设文件…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>all GPUs</source>
        <translation>全部 GPU</translation>
    </message>
    <message>
        <location line="+11"/>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failure rates</source>
        <translation>故障率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job size</source>
        <translation>作业规模</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint size</source>
        <translation>检查点大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage bandwidth</source>
        <translation>存储带宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Open failure rates</source>
        <translation>打开故障率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failure rates (*.yaml);;All files (*)</source>
        <translation>故障率 (*.yaml);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Failures over time</source>
        <translation>长期故障</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot compute: %1</source>
        <translation>无法计算：%1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Job of %1 GPUs on %2 servers (%3 links, %4 switches):</source>
        <translation>作业使用 %2 台服务器上的 %1 个 GPU（%3 条链路，%4 台交换机）：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 interruptions per day</source>
        <translation>每天 %1 次中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MTBI %1</source>
        <translation>平均中断间隔 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+83"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>(without %1: no rate in the preset)</source>
        <translation>（不含 %1：预设中无故障率）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rack-scale domains of %1 trays: blocks of %2 trays keep %3 % usable.</source>
        <translation>%1 托盘的机架级域：%2 个托盘的块保持 %3 % 可用。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Checkpoint every %1 min (Daly; write %2 s, restart %3 min): goodput %4 %.</source>
        <translation>每 %1 分钟一个检查点（Daly；写入 %2 秒，重启 %3 分钟）：有效训练时间比 %4 %。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checkpoint interval and goodput: unknown (no failure rate for this job&apos;s devices).</source>
        <translation>检查点间隔和有效训练时间比：未知（该作业的设备没有故障率）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoint interval and goodput: unknown (give a checkpoint size and a storage bandwidth).</source>
        <translation>检查点间隔和有效训练时间比：未知（请填写检查点大小和存储带宽）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Left out (no rate in the preset): %1</source>
        <translation>未计入（预设中无故障率）：%1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>GPUs in the job</source>
        <translation>作业中的 GPU 数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MTBI (hours)</source>
        <translation>平均中断间隔（小时）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Spares for %1 % over a %2-day repair.</source>
        <translation>覆盖 %2 天维修期、概率 %1 % 的备件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>None computed for %1 (no rate in the preset).</source>
        <translation>未计算 %1 的备件（预设中无故障率）。</translation>
    </message>
</context>
<context>
    <name>cplan::ReportCommand</name>
    <message>
        <location filename="../../app/report/reportcommand.cpp" line="+48"/>
        <source>seed %1</source>
        <translation>随机种子 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network coupling</source>
        <translation>网络耦合</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no network</source>
        <translation>不含网络</translation>
    </message>
</context>
<context>
    <name>cplan::SchedulerCompareDialog</name>
    <message>
        <location filename="../../widgets/docks/schedulercompare.cpp" line="+29"/>
        <source>Compare two runs</source>
        <translation>比较两次运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A runs the jobs as the dock is set (%1). Run them again as B:</source>
        <translation>A 按停靠窗口的设置运行作业（%1）。再以 B 运行一次：</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>split by tenant (their partitions)</source>
        <translation>按租户划分（各自的分区）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one shared pool (partitions become quotas)</source>
        <translation>一个共享池（分区变为配额）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Policy of B</source>
        <translation>B 的策略</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pool of B</source>
        <translation>B 的资源池</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run both</source>
        <translation>两次都运行</translation>
    </message>
</context>
<context>
    <name>cplan::SchedulerComparisonView</name>
    <message>
        <location line="+22"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>B vs A</source>
        <translation>B 相对 A</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A did not run: %1</source>
        <translation>A 未能运行：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>B did not run: %1</source>
        <translation>B 未能运行：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Both on the same jobs and the same design, compared at %1.</source>
        <translation>两次运行使用相同的作业和相同的设计，比较于 %1。</translation>
    </message>
</context>
<context>
    <name>cplan::SchedulerView</name>
    <message>
        <location filename="../../widgets/docks/schedulerview.cpp" line="+154"/>
        <location line="+186"/>
        <source>synthetic</source>
        <translation>合成</translation>
    </message>
    <message>
        <location line="-185"/>
        <source>Open trace…</source>
        <translation>打开轨迹…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Synthetic</source>
        <translation>合成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forget the trace file and run synthetic jobs again</source>
        <translation>放弃作业轨迹文件，重新运行合成作业</translation>
    </message>
    <message>
        <location filename="../../widgets/docks/schedulerrun.cpp" line="+19"/>
        <location filename="../../widgets/docks/schedulerview.cpp" line="+5"/>
        <source>network coupling</source>
        <translation>网络耦合</translation>
    </message>
    <message>
        <location filename="../../widgets/docks/schedulerview.cpp" line="+3"/>
        <source>Ignore the tenants&apos; partitions: every job may use any server, and a tenant&apos;s partition size becomes its quota.</source>
        <translation>忽略租户分区：每个作业可使用任意服务器，租户分区的大小变为其配额。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Trace</source>
        <translation>作业轨迹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Synthetic jobs</source>
        <translation>合成作业数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Offered load</source>
        <translation>提供负载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Policy</source>
        <translation>调度策略</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Simulate</source>
        <translation>仿真</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the jobs twice, as set here and with another policy or pool, and show both side by side</source>
        <translation>将作业运行两次：一次按此处的设置，一次换用另一种策略或资源池，并排显示两次的结果</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+339"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="-335"/>
        <source>whole run in 10 s</source>
        <translation>全程 10 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>whole run in 30 s</source>
        <translation>全程 30 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>whole run in 2 min</source>
        <translation>全程 2 分钟</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>No run on this design yet: choose the jobs and a policy, then Simulate.</source>
        <translation>此设计尚未运行：选择作业和策略，然后点击“仿真”。</translation>
    </message>
    <message>
        <location line="-141"/>
        <source>GPU utilization (%)</source>
        <translation>GPU 利用率 (%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queued jobs</source>
        <translation>排队作业</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The scheduling engine (core/schedule) is not in this build.</source>
        <translation>此版本不包含调度引擎 (core/schedule)。</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Open job trace</source>
        <translation>打开作业轨迹</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job traces (*.csv);;All files (*)</source>
        <translation>作业轨迹 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Outdated: the design changed after this comparison. Compare again for the design as it is.</source>
        <translation>已过时：比较之后设计有改动。请针对当前设计重新比较。</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The run started at %1 was cancelled; shown: the run before it (%2, %3).</source>
        <translation>%1 开始的运行已取消；显示的是之前的运行（%2，%3）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Outdated: the design changed after this run (%1, %2). Run again for the design as it is.</source>
        <translation>已过时：此运行（%1，%2）之后设计已更改。请按现在的设计重新运行。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Scheduling simulation cancelled</source>
        <translation>调度模拟已取消</translation>
    </message>
    <message>
        <location filename="../../widgets/docks/schedulerrun.cpp" line="+1"/>
        <source>no network</source>
        <translation>不含网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shared pool</source>
        <translation>共享资源池</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 jobs on %2 GPUs (%3): makespan %4 h, GPU utilization %5 %, wait p50 %6 min / p95 %7 min, JCT p50 %8 min</source>
        <translation>%1 个作业，%2 个 GPU（%3）：总完工时间 %4 h，GPU 利用率 %5 %，等待时间 p50 %6 min / p95 %7 min，作业完成时间 p50 %8 min</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n job(s) rejected</source>
        <translation>
            <numerusform>%n 个作业被拒绝</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../widgets/docks/schedulerview.cpp" line="-146"/>
        <source>one shared pool</source>
        <translation>一个共享池</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>split by tenant</source>
        <translation>按租户划分</translation>
    </message>
    <message>
        <location filename="../../widgets/docks/schedulerview.cpp" line="+242"/>
        <source>Scheduling simulation</source>
        <translation>调度模拟</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Comparing two scheduling runs</source>
        <translation>正在比较两次调度运行</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>hours</source>
        <translation>小时</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>effective (network)</source>
        <translation>有效（计入网络）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>t = %1 h, %2 GPUs busy</source>
        <translation>t = %1 h，%2 个 GPU 忙碌</translation>
    </message>
</context>
<context>
    <name>cplan::TrainingView</name>
    <message>
        <location filename="../../widgets/docks/trainingview.cpp" line="+67"/>
        <source>Try %1 GPUs.</source>
        <translation>可尝试 %1 个 GPU。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Where a step&apos;s time goes:</source>
        <translation>单步时间构成：</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>From file…</source>
        <translation>从文件…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. 15T, 300B</source>
        <translation>例如 15T、300B</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>all GPUs</source>
        <translation>全部 GPU</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>searched</source>
        <translation>自动搜索</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+11"/>
        <source>none</source>
        <translation>不重算</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens to train</source>
        <translation>训练词元数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recompute</source>
        <translation>重算</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search every legal plan for the highest tokens/s that fits in memory</source>
        <translation>搜索所有合法方案，取显存可容纳且词元/秒最高者</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Models (*.yaml);;All files (*)</source>
        <translation>模型 (*.yaml);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>&apos;%1&apos; is not a token count (e.g. 15T, 300B, 2.5e12)</source>
        <translation>“%1”不是词元数（例如 15T、300B、2.5e12）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Give TP and PP with DP (the GPUs are TP × PP × CP × DP).</source>
        <translation>给定 DP 时请同时给出 TP 和 PP（GPU 数 = TP × PP × CP × DP）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TP × PP × CP × DP is %1 GPUs, not the %2 asked for.</source>
        <translation>TP × PP × CP × DP 为 %1 个 GPU，而非所要求的 %2 个。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Training step time</source>
        <translation>训练单步时间</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <location line="-152"/>
        <source>all-reduce on the other servers</source>
        <translation>在其余服务器上运行 all-reduce</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all-to-all on the other servers</source>
        <translation>在其余服务器上运行 all-to-all</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Another job on the GPU servers after this one&apos;s, sending the whole time: the job&apos;s collectives get the fabric bandwidth it leaves (give fewer GPUs than the design has)</source>
        <translation>本作业之后的 GPU 服务器上运行的另一个作业，始终在发送流量：本作业的集合通信只能获得它剩下的网络带宽（GPU 数需少于设计中的总数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Neighbour job</source>
        <translation>相邻作业</translation>
    </message>
    <message>
        <location line="+164"/>
        <source>Cannot compute: %1</source>
        <translation>无法计算：%1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>unknown: no power figures and prices (listed below)</source>
        <translation>未知：缺少功耗数据和价格（见下方列表）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown: no power figures (listed below)</source>
        <translation>未知：缺少功耗数据（见下方列表）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown: no prices (listed below)</source>
        <translation>未知：缺少价格（见下方列表）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown: the step time is not known</source>
        <translation>未知：单步时间未知</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 on %2 × %3 (%4 × %5). Plan: %6%7.</source>
        <translation>%1，%2 × %3（%4 × %5）。方案：%6%7。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (searched: %1 plans priced)</source>
        <translation>（已搜索：评估 %1 个方案）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+15"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU 词元/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model TFLOP/s per GPU</source>
        <translation>每 GPU 模型 TFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 GB of %2 GB HBM (fits)</source>
        <translation>%1 GB / %2 GB HBM（可容纳）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 GB of %2 GB HBM (does not fit)</source>
        <translation>%1 GB / %2 GB HBM（容纳不下）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 GB (HBM unknown)</source>
        <translation>%1 GB（HBM 未知）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unknown: give the tokens to train</source>
        <translation>未知：请给出训练词元数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days with failures</source>
        <translation>含故障的天数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 (goodput %2 %, a checkpoint every %3 min)</source>
        <translation>%1（有效训练比例 %2 %，每 %3 分钟一次检查点）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Energy per million tokens</source>
        <translation>每百万词元能耗</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> kWh</source>
        <translation> kWh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost per million tokens</source>
        <translation>每百万词元成本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Beside a neighbour job</source>
        <translation>与相邻作业并行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 on %2 servers: the fabric leaves the job %3 % (ring), %4 % (tree), %5 % (all-to-all), %6 % (SHARP)</source>
        <translation>%1，占 %2 台服务器：网络留给本作业 %3 %（ring）、%4 %（tree）、%5 %（all-to-all）、%6 %（SHARP）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Power (with PUE %1)</source>
        <translation>功率（含 PUE %1）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Memory per GPU: weights %1, gradients %2, optimizer %3, activations %4, reserved %5 GB.</source>
        <translation>每 GPU 显存：权重 %1、梯度 %2、优化器 %3、激活 %4、预留 %5 GB。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No plan fits in %1 GB of HBM: this one needs %2 GB per GPU.</source>
        <translation>没有方案能放入 %1 GB 的 HBM：此方案每 GPU 需要 %2 GB。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Assumptions: CAPEX written off over %1 years, electricity at %2 %3/kWh, PUE %4.</source>
        <translation>假设：CAPEX 按 %1 年摊销，电价 %2 %3/kWh，PUE %4。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not known: %1</source>
        <translation>未知：%1</translation>
    </message>
</context>
<context>
    <name>cplan::TwinCompare</name>
    <message>
        <location filename="../../app/gui/twincompare.cpp" line="+38"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>Ethernet better</source>
        <translation>以太网更优</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>InfiniBand better</source>
        <translation>InfiniBand 更优</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not known (a lower bound)</source>
        <translation>未知（下限值）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>This design</source>
        <translation>本设计</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ethernet twin</source>
        <translation>以太网孪生</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Twin vs this</source>
        <translation>孪生 vs 本设计</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Building the Ethernet twin and comparing…</source>
        <translation>正在构建以太网孪生设计并比较…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Comparing with the Ethernet twin</source>
        <translation>正在与以太网孪生设计比较</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>No Ethernet twin: %1</source>
        <translation>没有以太网孪生设计：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with the Ethernet twin</source>
        <translation>与以太网孪生设计比较</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not build or compare the Ethernet twin:
%1</source>
        <translation>无法构建或比较以太网孪生设计：
%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 and its Ethernet twin</source>
        <translation>%1 及其以太网孪生设计</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The same servers and rails on Ethernet (%1), as the generator builds it; each analysed with the same workloads (all-reduce and all-to-all at 1 GiB).</source>
        <translation>相同的服务器和轨道放在以太网（%1）上，由生成器构建；两者使用相同的工作负载分析（1 GiB 的 all-reduce 和 all-to-all）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;b&gt;Why they differ&lt;/b&gt;&lt;br&gt;%1</source>
        <translation>&lt;b&gt;差异原因&lt;/b&gt;&lt;br&gt;%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open the twin</source>
        <translation>打开孪生设计</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compared with the Ethernet twin</source>
        <translation>已与以太网孪生设计比较</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The Ethernet twin of %1 (unsaved)</source>
        <translation>%1 的以太网孪生设计（未保存）</translation>
    </message>
</context>
<context>
    <name>cplan::WireCheck</name>
    <message>
        <location filename="../../widgets/document/wirecheck.cpp" line="+55"/>
        <source>unknown node</source>
        <translation>未知节点</translation>
    </message>
</context>
<context>
    <name>cplan::WireTool</name>
    <message>
        <location filename="../../widgets/canvas/tools/wiretool.cpp" line="+93"/>
        <source>%1 → %2, %3 Gb/s, %4</source>
        <translation>%1 → %2，%3 Gb/s，%4</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Cannot wire: %1</source>
        <translation>无法连线：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Wired %1</source>
        <translation>已连线 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wired %1 (%2)</source>
        <translation>已连线 %1（%2）</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../../app/main.cpp" line="+54"/>
        <source>Design GPU clusters on InfiniBand fabrics.</source>
        <translation>在 InfiniBand 网络上设计 GPU 集群。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Design file to open (*.cluster.yaml).</source>
        <translation>要打开的设计文件 (*.cluster.yaml)。</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Render the window to a PNG and exit.</source>
        <translation>将窗口渲染为 PNG 后退出。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Presentation mode.</source>
        <translation>演示模式。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show link utilization under a traffic pattern.</source>
        <translation>显示指定流量模式下的链路利用率。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run a scheduling simulation with a policy.</source>
        <translation>按指定策略运行调度仿真。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Synthetic jobs for --schedule.</source>
        <translation>--schedule 使用的合成作业数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse scalable units.</source>
        <translation>折叠可扩展单元。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom onto these groups (comma-separated ids).</source>
        <translation>缩放到这些分组（逗号分隔的 ID）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Screenshot the new-fabric wizard.</source>
        <translation>截取新建网络向导的截图。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Screenshot size.</source>
        <translation>截图尺寸。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare the design with an as-built fabric (ibnetdiscover output or a design).</source>
        <translation>将设计与实际布线的网络比较（ibnetdiscover 输出或设计文件）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Screenshot with this dock in front (e.g. RacksDock).</source>
        <translation>截图时将此停靠窗口置于前面（例如 RacksDock）。</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Cluster Planner</source>
        <translation>Cluster Planner</translation>
    </message>
</context>
</TS>
