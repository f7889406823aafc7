import Foundation // NSNull
import UTF8Bytes

/// Renders compiled nodes into one growing UTF-8 buffer.
struct Renderer: ~Copyable {
    /// Nested partial, parent, block-override and lambda expansions allowed before giving up.
    static let maximumDepth = 100
    /// Section iterations and expansions allowed in one render. Sections over lists nested in
    /// each other, or partials that each use the next one twice, multiply the work: a few hundred
    /// bytes of template could otherwise keep a build busy for years.
    static let maximumSteps = 2_000_000

    private var output: OutputBuffer
    private var stack: [ContextFrame] = []
    /// A number for each frame on `stack`, new with every push, so that `dottedHeads` can tell
    /// which stack its entries were found on.
    private var frameSerials: [Int] = []
    private var lastSerial = 0
    /// What the first names of dotted tags (`site` of `{{site.title}}`) resolved to, by
    /// `Path.headNumber`, with the serial of the top frame then. A layout asks for `site.…`,
    /// `page.…` and `t.…` dozens of times per page, and finding and classifying that value is
    /// most of what such a tag costs.
    private var dottedHeads: [(serial: Int, frame: ContextFrame?)] = []
    /// Block overrides in force: those of the outermost parent tag win.
    private var overrides: [String: BlockContent] = [:]
    private var depth = 0
    private var steps = 0
    private let library: MustacheLibrary?

    init(context: Any?, library: MustacheLibrary?, capacity: Int) {
        self.library = library
        output = OutputBuffer(capacity: capacity)
        stack.reserveCapacity(16)
        frameSerials.reserveCapacity(16)
        if let context {
            push(ContextFrame(context))
        }
    }

    private mutating func push(_ frame: ContextFrame) {
        stack.append(frame)
        lastSerial += 1
        frameSerials.append(lastSerial)
    }

    private mutating func pop() {
        stack.removeLast()
        frameSerials.removeLast()
    }

    mutating func render(_ nodes: [Node], indent: [UInt8]) throws(MustacheError) {
        for node in nodes {
            switch node {
            case .text(let text):
                if indent.isEmpty {
                    output.append(text)
                } else {
                    appendIndented(text, indent: indent)
                }
            case .lineStart:
                output.append(indent)
            case .variable(let variable):
                if let value = resolve(variable.path) {
                    try interpolate(value, variable)
                }
            case .section(let section):
                try renderSection(section, indent: indent)
            case .partial(let partial):
                try renderPartial(partial, indent: indent)
            case .parent(let parent):
                try renderParent(parent, indent: indent)
            case .block(let block):
                try renderBlock(block, indent: indent)
            }
        }
    }

    // MARK: - Names

    /// Resolves a name against the context stack: the first part from the top of the stack down,
    /// the remaining parts each inside the previous result only.
    private mutating func resolve(_ path: Path) -> Any? {
        guard let first = path.first else { return stack.last?.value }
        guard let last = path.rest.last else { return lookUp(first) }

        // Values are views of immutable data, so while the stack is unchanged a name keeps its value.
        let serial = frameSerials.last ?? 0
        if path.headNumber >= dottedHeads.count {
            dottedHeads += repeatElement((serial: -1, frame: nil), count: path.headNumber + 1 - dottedHeads.count)
        }
        let head: ContextFrame?
        if dottedHeads[path.headNumber].serial == serial {
            head = dottedHeads[path.headNumber].frame
        } else {
            head = lookUp(first).map(ContextFrame.init)
            dottedHeads[path.headNumber] = (serial, head)
        }
        guard var frame = head else { return nil }
        for name in path.rest.dropLast() {
            guard let next = frame.lookup(name) else { return nil }
            frame = ContextFrame(next)
        }
        return frame.lookup(last)
    }

    /// The value of `name` in the topmost frame that has it.
    private func lookUp(_ name: String) -> Any? {
        // Borrow the frames rather than copy them: copying an existential is not free.
        stack.withUnsafeBufferPointer { frames in
            var index = frames.count - 1
            while index >= 0 {
                if let value = frames[index].lookup(name) { return value }
                index -= 1
            }
            return nil
        }
    }

    // MARK: - Tags

    private mutating func interpolate(_ value: Any, _ variable: VariableNode) throws(MustacheError) {
        // Nearly every value is a String: taken without the runtime's general cast.
        if let string = exactly(String.self, value) {
            append(string, escaped: variable.escaped)
            return
        }
        switch value {
        case let string as String:
            append(string, escaped: variable.escaped)
        case let int as Int:
            append(String(int), escaped: false)
        case let double as Double:
            append(String(double), escaped: false)
        case let bool as Bool:
            append(bool ? "true" : "false", escaped: false)
        case let substring as Substring:
            append(String(substring), escaped: variable.escaped)
        case let lambda as MustacheLambda:
            let nodes = try compileLambdaOutput(
                lambda.body(""), delimiters: .standard, location: variable.location, name: variable.path.text)
            let rendered = try renderSeparately(nodes, at: variable.location, lambda: variable.path.text)
            if variable.escaped { appendEscaped(rendered) } else { output.append(rendered) }
        case is NSNull:
            break
        case let optional as any OptionalValue:
            if let wrapped = optional.wrappedValue { try interpolate(wrapped, variable) }
        default:
            append(String(describing: value), escaped: variable.escaped)
        }
    }

    private mutating func renderSection(_ section: SectionNode, indent: [UInt8]) throws(MustacheError) {
        switch SectionValue(resolve(section.path)) {
        case .falsy:
            if section.inverted { try render(section.body, indent: indent) }
        case .list(let list):
            if section.inverted {
                if list.mustacheIsEmpty { try render(section.body, indent: indent) }
                return
            }
            try list.mustacheForEachFrame { (frame: ContextFrame) throws(MustacheError) in
                try step(at: section.location)
                push(frame)
                defer { pop() }
                try render(section.body, indent: indent)
            }
        case .lambda(let lambda):
            guard !section.inverted else { return }
            let source = lambda.body(section.lambdaSource.text)
            let nodes = try compileLambdaOutput(
                source, delimiters: section.lambdaSource.delimiters, location: section.location, name: section.path.text
            )
            try nested(.lambda, section.path.text, at: section.location) {
                (renderer: inout Renderer) throws(MustacheError) in
                try renderer.render(nodes, indent: indent)
            }
        case .context(let frame):
            guard !section.inverted else { return }
            push(frame)
            defer { pop() }
            try render(section.body, indent: indent)
        }
    }

    private mutating func renderPartial(_ partial: PartialNode, indent: [UInt8]) throws(MustacheError) {
        guard let (name, template) = try template(partial.reference, .partial, at: partial.location) else { return }
        let inner = partial.indentation.map { indent + $0 } ?? []
        try nested(.partial, name, at: partial.location) { (renderer: inout Renderer) throws(MustacheError) in
            try renderer.render(template.nodes, indent: inner)
        }
    }

    private mutating func renderParent(_ parent: ParentNode, indent: [UInt8]) throws(MustacheError) {
        guard let (name, template) = try template(parent.reference, .parent, at: parent.location) else { return }
        let inner = parent.indentation.map { indent + $0 } ?? []
        let saved = overrides
        defer { overrides = saved }
        for (block, content) in parent.overrides where overrides[block] == nil {
            overrides[block] = content
        }
        try nested(.parent, name, at: parent.location) { (renderer: inout Renderer) throws(MustacheError) in
            try renderer.render(template.nodes, indent: inner)
        }
    }

    private mutating func renderBlock(_ block: BlockNode, indent: [UInt8]) throws(MustacheError) {
        let content = overrides[block.name] ?? block.defaultContent
        let inner = block.indentation.isEmpty ? indent : indent + block.indentation
        if block.standalone, content.startsWithLine {
            output.append(inner)
        }
        // An override may contain its own block, so overrides count towards the depth limit.
        try nested(.block, block.name, at: block.location) { (renderer: inout Renderer) throws(MustacheError) in
            try renderer.render(content.nodes, indent: inner)
        }
    }

    // MARK: - Support

    /// The template a partial or parent tag refers to, or nil when it renders as nothing.
    /// With a strict library, a reference that does not resolve is an error instead.
    private mutating func template(
        _ reference: TemplateReference, _ kind: MustacheError.Expansion, at location: TemplateLocation
    ) throws(MustacheError) -> (String, MustacheTemplate)? {
        let strict = library?.strictPartials ?? false
        let name: String
        switch reference {
        case .name(let literal):
            name = literal
        case .dynamic(let path):
            switch resolve(path) {
            case let string as String: name = string
            case let substring as Substring: name = String(substring)
            default:
                guard !strict else { throw .dynamicNameNotAString(kind, path: path.text, at: location) }
                return nil
            }
        }
        if let template = library?.template(named: name) {
            return (name, template)
        }
        guard !strict else { throw .missingTemplate(kind, name: name, at: location) }
        return nil
    }

    /// Runs `body` one expansion level deeper, failing cleanly on runaway recursion.
    private mutating func nested(
        _ expansion: MustacheError.Expansion, _ name: @autoclosure () -> String, at location: TemplateLocation,
        _ body: (inout Renderer) throws(MustacheError) -> Void
    ) throws(MustacheError) {
        guard depth < Renderer.maximumDepth else {
            throw .nestedTooDeeply(expansion, name: name(), at: location)
        }
        try step(at: location)
        depth += 1
        defer { depth -= 1 }
        try body(&self)
    }

    /// Counts one section iteration or expansion against `maximumSteps`.
    private mutating func step(at location: TemplateLocation) throws(MustacheError) {
        steps += 1
        guard steps <= Renderer.maximumSteps else {
            throw .tooManySteps(at: location)
        }
    }

    /// Renders into a fresh buffer (for lambda output that is escaped as a whole).
    private mutating func renderSeparately(_ nodes: [Node], at location: TemplateLocation, lambda name: String)
        throws(MustacheError) -> [UInt8]
    {
        var outer = OutputBuffer(capacity: 256)
        swap(&outer, &output)
        defer { swap(&outer, &output) }
        try nested(.lambda, name, at: location) { (renderer: inout Renderer) throws(MustacheError) in
            try renderer.render(nodes, indent: [])
        }
        return output.withBytes { Array($0) }
    }

    private func compileLambdaOutput(_ source: String, delimiters: Delimiters, location: TemplateLocation, name: String)
        throws(MustacheError) -> [Node]
    {
        do {
            return try Compiler.compile(source, file: "lambda '\(name)'", delimiters: delimiters)
        } catch {
            throw .invalidLambdaOutput(lambda: name, error, at: location)
        }
    }

    // MARK: - Output

    /// The rendered text.
    var string: String { output.string }
    var bytes: [UInt8] { output.withBytes { Array($0) } }

    private mutating func append(_ string: String, escaped: Bool) {
        let appended: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            if escaped { appendEscaped(bytes) } else { output.append(bytes) }
        }
        if appended == nil { // a bridged string without contiguous UTF-8
            append(String(decoding: Array(string.utf8), as: UTF8.self), escaped: escaped)
        }
    }

    /// Appends text, indenting every line that starts inside it (empty lines stay empty).
    private mutating func appendIndented(_ text: [UInt8], indent: [UInt8]) {
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        text.withUnsafeBufferPointer { text in
            var lineStart = 0
            for index in text.indices where text[index] == newline {
                let next = index + 1
                guard next < text.count else { break }
                if text[next] == newline
                    || (text[next] == carriageReturn && next + 1 < text.count && text[next + 1] == newline)
                {
                    continue
                }
                output.append(UnsafeBufferPointer(rebasing: text[lineStart..<next]))
                output.append(indent)
                lineStart = next
            }
            output.append(UnsafeBufferPointer(rebasing: text[lineStart...]))
        }
    }

    private mutating func appendEscaped(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { appendEscaped($0) }
    }

    /// HTML-escapes `&`, `<`, `>`, `"` and `'` (as `&#39;`, the spec's form).
    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        MarkupEscaper.html.forEachPiece(of: bytes) { output.append($0) }
    }
}
