// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Modak",
    targets: [
        // C libraries from Debian, each behind a module map and a one-file shim.
        .systemLibrary(
            name: "CCmark", path: "Sources/CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CGlibcExtras", path: "Sources/CGlibcExtras"),
        .systemLibrary(
            name: "CRsvg", path: "Sources/CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CISAL", path: "Sources/CISAL", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        .systemLibrary(
            name: "CBrotli", path: "Sources/CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libfreetype-dev"])]),

        // Helpers shared by the test targets (a scratch folder).
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        // In pipeline order from here: the libraries that know nothing of Modak; validate (ModakCore);
        // load (ModakInput); model (views); render (cards, ModakSite); write (ModakOutput); then the
        // tools that read a built site (check, serve) and the command line.

        // Bytes and escaping: scans and copies of valid UTF-8, the markup escaper and the JSON
        // writer, shared by the engine, the parser, the cards, the site, the server and the command line.
        .target(name: "UTF8Bytes"),
        .testTarget(name: "UTF8BytesTests", dependencies: ["UTF8Bytes"]),

        // Work spread over the cores: a map that keeps its input's order. Knows nothing of Modak.
        .target(name: "ParallelWork"),
        .testTarget(name: "ParallelWorkTests", dependencies: ["ParallelWork"]),

        // A 64-bit hash equal in every run and on every machine. Its own module, below both of its
        // users: the site keys page views with it, the output fingerprints files and deferred pages.
        .target(name: "StableHashing"),

        // The template engine: the Mustache spec, nothing of Modak.
        .target(name: "Mustache", dependencies: ["UTF8Bytes"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "TestSupport"], exclude: ["Fixtures"]),
        .executableTarget(name: "mustache-bench", dependencies: ["Mustache"]),

        // XML and HTML through libxml2: the feeds' writer, the forgiving HTML reader, the well-formedness
        // check. Knows nothing of Modak.
        .target(name: "ModakXML", dependencies: ["CLibXML2", "UTF8Bytes"]),
        .testTarget(name: "ModakXMLTests", dependencies: ["ModakXML"]),

        // Pure core: content values, parsing, validation, the rules of time and the site's URL scheme
        // (`SitePaths`). No files, no clock, no C; it parses saying files on every core through ParallelWork.
        .target(name: "ModakCore", dependencies: ["UTF8Bytes", "ParallelWork"]),
        .testTarget(name: "ModakCoreTests", dependencies: ["ModakCore"]),
        .testTarget(name: "GiftRulesTests", dependencies: ["ModakCore"]),

        // Load: the content and templates folders read into memory, the template sets merged and
        // compiled, the default templates built into the binary (`Templates/`, by the plugin).
        .target(
            name: "ModakInput", dependencies: ["ModakCore", "Mustache", "StableHashing", "ParallelWork"],
            plugins: ["TemplatesPlugin"]),
        .testTarget(name: "ModakInputTests", dependencies: ["ModakInput"]),

        // View models declared once in `.views` files; the plugin makes their Swift at build time.
        .target(name: "ViewDeclarations"),
        .testTarget(name: "ViewDeclarationsTests", dependencies: ["ViewDeclarations"]),
        .executableTarget(name: "modak-views", dependencies: ["ViewDeclarations"]),
        .plugin(
            name: "ViewsPlugin", capability: .buildTool(), dependencies: ["modak-views"], path: "Sources/ViewsPlugin"),

        // The default templates (`Templates/`) built into the binary, so that a copied `modak` builds a site.
        .executableTarget(name: "modak-embed"),
        .plugin(
            name: "TemplatesPlugin", capability: .buildTool(), dependencies: ["modak-embed"],
            path: "Sources/TemplatesPlugin"),

        // Saying cards, laid out once with real font metrics, as SVG (ModakCards) and as PNG
        // (ModakCardPNG: the theme's backdrop by librsvg, the text painted by SVGRaster).
        .target(name: "ModakCards", dependencies: ["UTF8Bytes"], exclude: ["Generator"]),
        // Sample cards for the tests, the rendering check and the renderer's benchmark.
        .target(name: "CardSamples", dependencies: ["ModakCards"], path: "Tests/CardSamples"),
        .testTarget(name: "ModakCardsTests", dependencies: ["ModakCards", "CardSamples"]),
        .executableTarget(name: "card-sample", dependencies: ["ModakCards", "CardSamples", "ModakCardPNG"]),

        // SVG to PNG in process: librsvg and cairo draw, Pango lays out lines of text that FreeType
        // paints, ISA-L's deflate packs the PNG. Knows nothing of Modak.
        .target(name: "SVGRaster", dependencies: ["CRsvg", "CISAL", "CPango"]),
        .testTarget(name: "SVGRasterTests", dependencies: ["SVGRaster"]),
        // A card's PNG drawn from its layout in memory: the theme's backdrop once, then its text.
        .target(name: "ModakCardPNG", dependencies: ["ModakCards", "SVGRaster"]),
        .testTarget(name: "ModakCardPNGTests", dependencies: ["ModakCardPNG", "CardSamples"]),

        // The pipeline (`SiteBuilder`): has ModakInput read the content and templates, turns a validated
        // ContentSet and a BuildDay into views and an OutputPlan, and hands the plan to ModakOutput's writer.
        .target(
            name: "ModakSite",
            dependencies: [
                "ModakCore", "ModakInput", "ModakXML", "ModakOutput",
                "StableHashing", "ParallelWork", "Mustache", "ModakCards",
                "ModakCardPNG", "UTF8Bytes", "SVGRaster", "CCmark", "CRsvg", "CBrotli",
                "CZlib"
            ],
            plugins: ["ViewsPlugin"]),
        .testTarget(
            name: "ModakSiteTests",
            dependencies: [
                "ModakSite", "ModakInput", "ModakXML", "ModakOutput",
                "ModakCheck", "StableHashing", "TestSupport",
                "CardSamples"
            ]),

        // The write: an OutputPlan put on disk through a staging folder, the manifest and bookkeeping
        // kept in the build cache, the output folder's rules and marks, new content files, and the
        // files derived from others (PNGs), each made by its `Derivation` on every core.
        .target(name: "ModakOutput", dependencies: ["ModakCore", "StableHashing", "ParallelWork", "CGlibcExtras"]),
        .testTarget(name: "ModakOutputTests", dependencies: ["ModakOutput", "StableHashing", "TestSupport"]),

        // `modak check`: reads a built site as a browser and a feed reader would, and reports broken
        // references and data files that do not parse.
        .target(name: "ModakCheck", dependencies: ["ModakInput", "ModakXML", "ModakCore", "ParallelWork"]),
        .testTarget(name: "ModakCheckTests", dependencies: ["ModakCheck", "TestSupport"]),

        // `modak serve`: HTTP on POSIX sockets, rebuild on change and at midnight, live reload.
        .target(name: "ModakServe", dependencies: ["ModakSite", "ModakCore", "UTF8Bytes"]),
        .testTarget(name: "ModakServeTests", dependencies: ["ModakServe", "ModakOutput", "TestSupport"]),

        // The command line: its commands declared once (parser, help, usage lines, reference) and
        // the pure parts of the commands; the executable runs them.
        .target(name: "ModakCommandLine", dependencies: ["ModakCore", "UTF8Bytes"]),
        .testTarget(name: "ModakCommandLineTests", dependencies: ["ModakCommandLine", "ModakCore"]),
        .executableTarget(
            name: "modak",
            dependencies: [
                "ModakCommandLine", "ModakInput", "ModakSite", "ModakOutput",
                "ModakCheck", "ModakCore", "ModakServe"
            ]),

        // Hardening: libFuzzer targets (`make fuzz`) over the parsers and the card layout; a plain
        // build of each replays corpus files. HardeningTests replays every corpus and crash input.
        .systemLibrary(name: "CLibFuzzer", path: "Sources/FuzzLibFuzzer"),
        .target(name: "FuzzHarness", dependencies: ["ModakCore", "Mustache", "ModakCards", "CLibXML2", "CLibFuzzer"]),
        .executableTarget(name: "FuzzFrontMatter", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "FuzzContentJSON", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "FuzzMustache", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "FuzzCardLayout", dependencies: ["FuzzHarness"]),
        .testTarget(
            name: "HardeningTests",
            dependencies: [
                "FuzzHarness", "ModakInput", "ModakSite", "ModakOutput",
                "ModakCore", "Mustache", "TestSupport"
            ])
    ]
)
