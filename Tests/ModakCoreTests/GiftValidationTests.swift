import Foundation
import Testing
@testable import ModakCore

@Suite("Validation: gifts and questions")
struct GiftValidationTests {
    private func giftErrors(_ fields: String) -> [String] {
        let json = "[\n{\"id\": \"g\", \"name\": \"Gift\", \"tags\": [],\n\(fields)}\n]"
        return loadSite(["gifts/gifts.json": json]).log.errorLines
    }

    static let priceCases: [(price: String, message: String?)] = [
        ("0", nil), ("50000000", nil), ("15000", nil), (#""15000""#, nil),
        ("-1", "`price` is -1, outside 0…50000000"),
        ("50000001", "`price` is 50000001, outside 0…50000000"),
        ("1.5", "`price` must be a whole number, not `1.5`"),
        ("1e3", "`price` must be a whole number, not `1e3`"),
        ("99999999999999999999999", "`price` must be a whole number, not `99999999999999999999999`"),
        (#""cheap""#, "`price` must be a whole number, not `cheap`"),
        ("true", "`price` must be a whole number, not a boolean"),
        ("null", "`price` must be a whole number, not null")
    ]

    @Test("price", arguments: priceCases)
    func price(_ example: (price: String, message: String?)) {
        let errors = giftErrors("\"image\": \"a.png\", \"price\": \(example.price)")
        if let message = example.message {
            #expect(errors == ["content/gifts/gifts.json:3: \(message)"])
        } else {
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test func missingGiftFields() {
        let (_, log) = loadSite(["gifts/gifts.json": "[\n{\"tags\": []}\n]"])
        #expect(
            log.errorLines == [
                "content/gifts/gifts.json:2: the gift has no `id`: add `id`",
                "content/gifts/gifts.json:2: the gift has no `name`: add `name`",
                "content/gifts/gifts.json:2: the gift has no `price`: add `price`",
                "content/gifts/gifts.json:2: the gift has no `image`: add `image`"
            ])
    }

    @Test(
        "gender",
        arguments: [
            (#""any""#, nil), (#""female""#, nil), (#""male""#, nil), ("null", nil),
            (#""unisex""#, "`gender` must be `any`, `female` or `male`, not `unisex`"),
            (#""Female""#, "`gender` must be `any`, `female` or `male`, not `Female`"),
            ("1", "`gender` must be `any`, `female` or `male`, not `1`"),
            ("[]", "`gender` must be a string, not a list")
        ] as [(String, String?)])
    func gender(_ example: (value: String, message: String?)) {
        let errors = giftErrors("\"image\": \"a.png\", \"price\": 1, \"gender\": \(example.value)")
        #expect(errors == (example.message.map { ["content/gifts/gifts.json:3: \($0)"] } ?? []))
    }

    @Test(
        "image and link",
        arguments: [
            (#""image": "../secret.png""#, "`image` must be an http(s) URL or a path inside gifts/"),
            (#""image": "/etc/passwd""#, "`image` must be an http(s) URL or a path inside gifts/"),
            (#""image": "javascript:alert(1)""#, "`image` must be an http(s) URL or a path inside gifts/"),
            (#""image": "images//a.png""#, "`image` must be an http(s) URL or a path inside gifts/"),
            (#""image": "a.png", "link": "shop.example.org""#, "`link` must be an absolute http(s) URL"),
            (#""image": "a.png", "link": "images/a.png""#, "`link` must be an absolute http(s) URL")
        ])
    func imageAndLink(_ example: (fields: String, message: String)) {
        let errors = giftErrors("\"price\": 1, " + example.fields)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/gifts/gifts.json:3: \(example.message)") == true, "\(errors)")
    }

    @Test func urlRules() {
        #expect(URLRules.isAbsoluteWebURL("https://example.org/a.png"))
        #expect(URLRules.isAbsoluteWebURL("HTTP://example.org"))
        #expect(!URLRules.isAbsoluteWebURL("ftp://example.org"))
        #expect(!URLRules.isAbsoluteWebURL("example.org"))
        #expect(URLRules.isContainedRelativePath("images/mug.svg"))
        #expect(!URLRules.isContainedRelativePath("images/../../x"))
        #expect(!URLRules.isContainedRelativePath("./x"))
        #expect(!URLRules.isContainedRelativePath("a\\b"))
        #expect(!URLRules.isContainedRelativePath(""))
        for plain in ["a", ".well-known/x", "a/..b/c", "a/.../c", "a.b/c.d", "모닥/불.svg"] {
            #expect(URLRules.isContainedRelativePath(plain), "\(plain)")
        }
        for escaping in ["/a", "a/", "a//b", "..", ".", "a/..", "a/./b", "c:/x", "a/b:c"] {
            #expect(!URLRules.isContainedRelativePath(escaping), "\(escaping)")
        }
    }

    @Test func questionTagNoGiftHasIsAWarning() throws {
        let gifts =
            "[{\"id\": \"mug\", \"name\": \"Mug\", \"price\": 1, \"image\": \"a.png\", \"tags\": [\"kitchen\"]}]"
        let questions =
            """
            [\n{\"id\": \"q1\", \"text\": \"Cook?\", \"tag\": \"kitchen\"},\n{\"id\": \"q2\", \"text\": \
            \"Sport?\", \"tag\": \"sport\"}\n]
            """
        let (content, log) = loadSite(["gifts/gifts.json": gifts, "gifts/questions.json": questions])
        #expect(!log.hasErrors)
        #expect(content?.questions.count == 2)
        #expect(
            log.warningLines == [
                """
                content/gifts/questions.json:3: warning: no gift has the tag `sport`, so question `q2` never \
                changes the result
                """
            ])
    }

    @Test func missingQuestionFields() {
        let (_, log) = loadSite(["gifts/questions.json": "[\n{\"id\": \"q\"},\n\"not an object\"\n]"])
        #expect(
            log.errorLines == [
                "content/gifts/questions.json:2: the question has no `text`: add `text`",
                "content/gifts/questions.json:2: the question has no `tag`: add `tag`",
                "content/gifts/questions.json:3: each question must be a JSON object, not a string"
            ])
    }
}
