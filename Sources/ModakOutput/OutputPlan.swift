import SVGRaster
import StableHashing

/// One file of the built site.
public struct OutputFile: Sendable, Equatable {
    /// Path relative to the output folder, `/`-separated, never escaping it (checked by `SiteWriter`).
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) { (self.path, self.bytes) = (path, bytes) }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// A file rendered only if the writer needs its bytes: when nothing on disk was made from the
/// same `key`. Pages are planned this way so that a rebuild skips the pages whose views did not
/// change, and so that a build never holds every page in memory at once.
public struct DeferredFile: Sendable {
    public var path: String
    /// A `StableHash` of everything the bytes are made from: equal keys promise equal bytes.
    /// Worked out by the writer, on its threads, when it needs it.
    public var key: @Sendable () -> UInt64
    public var render: @Sendable () throws -> [UInt8]

    public init(path: String, key: @escaping @Sendable () -> UInt64, render: @escaping @Sendable () throws -> [UInt8]) {
        (self.path, self.key, self.render) = (path, key, render)
    }
}

/// How a PNG is drawn from an SVG: its size in pixels, for an icon a margin and a background,
/// and for a card the layers it is drawn in.
public struct PNGDrawing: Sendable, Equatable {
    public var width, height: Int
    /// Pixels left around the drawing on every side (a maskable icon's safe zone).
    public var margin: Int
    /// A CSS colour under the drawing; nil leaves it transparent.
    public var background: String?
    /// Nil draws the whole SVG.
    public var layers: PNGLayers?

    public init(width: Int, height: Int, margin: Int = 0, background: String? = nil, layers: PNGLayers? = nil) {
        (self.width, self.height, self.margin, self.background) = (width, height, margin, background)
        self.layers = layers
    }
}

/// An SVG drawn as a backdrop, drawn once for all the files of a build with the same
/// `backdropKey`, and the elements drawn over it, for each file. Elements are ids with their
/// `#`; the SVG draws nothing outside them, and a foreground element it lacks is left out.
public struct PNGLayers: Sendable, Equatable {
    /// Drawings with the same key promise the same backdrop (a card theme's background and bonfire).
    public var backdropKey: String
    public var backdrop: [String]
    public var foreground: [String]
    /// The foreground elements' text and bars, painted over the backdrop by Modak's own painter
    /// in their place when it has every glyph (`TextPainter`).
    public var painting: ForegroundPainting?

    public init(backdropKey: String, backdrop: [String], foreground: [String], painting: ForegroundPainting? = nil) {
        (self.backdropKey, self.backdrop, self.foreground, self.painting) = (backdropKey, backdrop, foreground, painting)
    }
}

/// The painting of an SVG's foreground, made only when its PNG is drawn.
public struct ForegroundPainting: Sendable, Equatable {
    /// Equal keys promise equal paintings (a card's version); the PNG's manifest hash holds it, so
    /// a new key draws the PNG again.
    public let key: String
    public let make: @Sendable () -> Painting

    public init(key: String, make: @escaping @Sendable () -> Painting) {
        self.key = key
        self.make = make
    }

    public static func == (one: Self, other: Self) -> Bool { one.key == other.key }
}

/// A PNG drawn from an SVG of the plan (a card's PNG, the app's icons). It is
/// remade only when its source's bytes or the way it is drawn change.
public struct DerivedFile: Sendable, Equatable {
    public var path: String
    /// The plan file it is made from.
    public var source: String
    public var drawing: PNGDrawing

    public init(path: String, source: String, drawing: PNGDrawing) { (self.path, self.source, self.drawing) = (path, source, drawing) }

    /// What the manifest records as this file's hash: its source's, mixed with how it is drawn,
    /// so that a new source or a new size makes it again.
    public func hash(fromSource sourceHash: UInt64) -> UInt64 {
        var hash = StableHash()
        hash.add(sourceHash)
        for number in [drawing.width, drawing.height, drawing.margin] { hash.add(UInt64(number)) }
        // No colour is empty, so "" stands for none.
        hash.add(drawing.background ?? "")
        if let layers = drawing.layers {
            hash.add(encoding: [layers.backdropKey] + layers.backdrop + ["|"] + layers.foreground + (layers.painting.map { ["painted", $0.key] } ?? []))
        }
        return hash.value
    }
}

/// One file for a `FileDeriver` to make, between two absolute paths.
public struct DerivationJob: Sendable, Equatable {
    public var source: String
    public var destination: String
    public var drawing: PNGDrawing

    public init(source: String, destination: String, drawing: PNGDrawing) {
        (self.source, self.destination, self.drawing) = (source, destination, drawing)
    }
}

/// Makes derived files, all jobs of one build at once.
public protocol FileDeriver: Sendable {
    func derive(_ jobs: [DerivationJob]) throws
}

/// Everything a build produces, before anything touches the disk.
public struct OutputPlan: Sendable {
    public var files: [OutputFile]
    public var deferred: [DeferredFile]
    public var derived: [DerivedFile]

    public init(files: [OutputFile] = [], deferred: [DeferredFile] = [], derived: [DerivedFile] = []) {
        (self.files, self.deferred, self.derived) = (files, deferred, derived)
    }

    public mutating func add(_ file: OutputFile) { files.append(file) }
    public mutating func add(path: String, text: String) { files.append(OutputFile(path: path, text: text)) }
    public mutating func add(contentsOf other: [OutputFile]) { files.append(contentsOf: other) }

    public subscript(path: String) -> OutputFile? { files.first { $0.path == path } }

    /// The paths of every file of the plan; the derived ones (PNGs) only when they will be made.
    public func paths(includingDerived: Bool) -> Set<String> {
        Set(files.map(\.path) + deferred.map(\.path) + (includingDerived ? derived.map(\.path) : []))
    }
}
