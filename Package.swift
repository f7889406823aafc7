// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Modak",
    targets: [
        // C libraries from Debian, each behind a module map and a one-file shim.
        .systemLibrary(name: "CCmark", path: "Sources/CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // Pure core: content values, parsing, validation and the rules of time. No files, no clock, no C.
        .target(name: "ModakCore"),
        .testTarget(name: "ModakCoreTests", dependencies: ["ModakCore"]),
    ]
)
