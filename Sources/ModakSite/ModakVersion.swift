public enum ModakVersion {
    public static let current = "0.1.0"
}
