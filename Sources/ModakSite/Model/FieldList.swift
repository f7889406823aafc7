/// What a view's `listFields` lists its fields to: the lookup of one name, or a page's key.
protocol FieldList {
    /// The field `name`. `value` is made only if this list needs it: a lookup makes the value of
    /// the one name it looks for, a key makes them all.
    mutating func field<Value: ViewValue>(_ name: String, _ value: @autoclosure () -> Value)
    /// The fields of `part`, as this view's own.
    mutating func fields<Part: ViewFields>(of part: Part)
    /// The fields of a part many views share, as this view's own: a key takes the key the part
    /// was given once, rather than its fields again.
    mutating func fields<Part: ViewFields>(of part: Shared<Part>)
}
