import CRsvg

/// An SVG parsed by librsvg, to draw whole or an element at a time. Each document belongs to
/// the thread that made it (librsvg's handles are not shared).
public final class SVGDocument {
    private let handle: OpaquePointer

    public init(_ bytes: [UInt8]) throws(SVGRasterError) {
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer {
            rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
        }
        guard let handle else { throw SVGRasterError(Self.message(taking: error)) }
        self.handle = OpaquePointer(handle)
    }

    deinit { g_object_unref(gpointer(handle)) }

    /// Whether the document has an element with this id (`#name`).
    public func contains(_ id: String) -> Bool {
        rsvg_handle_has_sub(rsvgHandle, id) != 0
    }

    /// Draws the document, scaled into the rectangle at `x, y` of `width × height` pixels (its
    /// aspect ratio kept), over what `image` holds; with `element`, only that element (`#name`),
    /// where it is in the whole drawing.
    public func draw(
        on image: RasterImage, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil,
        element: String? = nil
    ) throws(SVGRasterError) {
        let cairo = cairo_create(image.surface)
        defer { cairo_destroy(cairo) }
        var viewport = RsvgRectangle(
            x: Double(x), y: Double(y), width: Double(width ?? image.width), height: Double(height ?? image.height))
        var error: UnsafeMutablePointer<GError>?
        let drawn =
            if let element {
                rsvg_handle_render_layer(rsvgHandle, cairo, element, &viewport, &error)
            } else {
                rsvg_handle_render_document(rsvgHandle, cairo, &viewport, &error)
            }
        guard drawn != 0 else { throw SVGRasterError(Self.message(taking: error)) }
    }

    private var rsvgHandle: UnsafeMutablePointer<RsvgHandle> { UnsafeMutablePointer(handle) }

    private static func message(taking error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "librsvg failed without saying why" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
