/// The markup of a card, in one place. A `{name}` is a slot: the theme's slots are filled once per
/// renderer (`CardRenderer.init`), the others for each card (`CardRenderer.svgUTF8`).
enum CardMarkup {
    /// The card. `{id}` is the prefix of its element ids (`ElementIDs`); the glow is centred on
    /// the bonfire (`Bonfire.origin`). The background and the bonfire, the same on every card of
    /// a theme, and the accent bar and text, which are not, are each an element with an id, so
    /// that a PNG can be drawn from a backdrop made once per theme (`CardRenderer.backdrop`).
    static let card = """
        <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" \
        aria-labelledby="{id}-title {id}-desc">
        <title id="{id}-title">{title}</title>
        <desc id="{id}-desc">{description}</desc>
        <defs>
        <linearGradient id="{id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{backgroundTop}"/><stop \
        offset="1" stop-color="{backgroundBottom}"/></linearGradient>
        <radialGradient id="{id}-glow" cx="{bonfireX}" cy="{bonfireY}" r="560" gradientUnits="userSpaceOnUse"><stop \
        offset="0" stop-color="{glow}" stop-opacity="{glowOpacity}"/><stop offset="1" stop-color="{glow}" \
        stop-opacity="0"/></radialGradient>
        </defs>
        <g class="bg" id="{id}-backdrop">
        <rect width="1200" height="630" fill="url(#{id}-bg)"/>
        <rect width="1200" height="630" fill="url(#{id}-glow)"/>
        </g>
        <g class="decor" aria-hidden="true">
        {accentBar}<g id="{id}-fire">
        {bonfire}</g>
        </g>
        <g class="text" id="{id}-text" font-family="{fontFamily}">
        {lines}</g>
        </svg>

        """

    /// The slots of `card` filled for each card.
    enum CardSlot: String {
        case id, title, description, accentBar, lines
    }

    /// The thin bar in the accent colour beside the quotation; its `x`, `width` and `radius` are
    /// `CardGeometry.accentBar`'s.
    static let accentBar = """
        <rect id="{id}-bar" x="{x}" y="{y}" width="{width}" height="{height}" rx="{radius}" fill="{accent}"/>

        """

    enum AccentBarSlot: String {
        case id, y, height
    }

    /// One line of text. Its weight, colour and language are filled once for every kind of line
    /// (`TextRole`, bold or not, `Language`).
    static let line = """
        <text x="{x}" y="{y}" font-size="{fontSize}" font-weight="{fontWeight}" fill="{fill}" xml:lang="{lang}" \
        lang="{lang}">{text}</text>

        """

    enum LineSlot: String {
        case x, y, fontSize, text
    }
}

/// Markup with `{name}` slots, cut once into the runs of bytes between the slots left to fill.
struct SVGTemplate<Slot: Sendable>: Sendable {
    /// `runs[i]` goes before `slots[i]`; the last run after every slot.
    let runs: [[UInt8]]
    let slots: [Slot]

    /// - Parameters:
    ///   - fixed: markup for the slots filled now, by name;
    ///   - slot: the `Slot` of every other slot's name.
    init(_ markup: String, fixed: KeyValuePairs<String, String> = [:], slot: (String) -> Slot?) {
        let bytes = Array(markup.utf8)
        var runs: [[UInt8]] = []
        var slots: [Slot] = []
        var run: [UInt8] = []
        var isUsed = [Bool](repeating: false, count: fixed.count)
        var start = 0
        while let open = bytes[start...].firstIndex(of: UInt8(ascii: "{")) {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else {
                preconditionFailure("unclosed slot in \(markup)")
            }
            run += bytes[start..<open]
            let name = String(decoding: bytes[open + 1..<close], as: UTF8.self)
            if let index = fixed.firstIndex(where: { $0.key == name }) {
                run += fixed[index].value.utf8
                isUsed[index] = true
            } else {
                guard let slot = slot(name) else { preconditionFailure("nothing fills the slot {\(name)}") }
                runs.append(run)
                run = []
                slots.append(slot)
            }
            start = close + 1
        }
        run += bytes[start...]
        runs.append(run)
        precondition(!isUsed.contains(false), "a value for a slot that \(markup) does not have")
        self.runs = runs
        self.slots = slots
    }

    /// Writes the markup, with `fill` writing each slot. Inlined: cards are written slot by slot.
    @inline(__always)
    func write(to svg: inout SVGWriter, filling fill: (Slot, inout SVGWriter) -> Void) {
        for (index, slot) in slots.enumerated() {
            svg.append(runs[index])
            fill(slot, &svg)
        }
        svg.append(runs[slots.count])
    }
}
