// Renders a realistic blog index page 10,000 times and reports renders per second.
//
//     swift run -c release mustache-bench [renders]

import Foundation
import Mustache

let layout = """
    <!DOCTYPE html>
    <html lang="{{site.language}}">
    <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>{{page.title}} · {{site.title}}</title>
      <meta name="description" content="{{page.summary}}">
      <meta property="og:title" content="{{page.title}}">
      <meta property="og:url" content="{{site.baseURL}}{{page.url}}">
      {{#site.styles}}
      <link rel="stylesheet" href="{{site.baseURL}}{{.}}">
      {{/site.styles}}
      <link rel="alternate" type="application/rss+xml" href="{{site.baseURL}}/index.xml">
    </head>
    <body class="{{page.kind}}">
      {{>partials/header}}
      <main id="content">
        <header class="page-header">
          <h1>{{page.title}}</h1>
          {{#page.subtitle}}
          <p class="subtitle">{{page.subtitle}}</p>
          {{/page.subtitle}}
        </header>
        <section class="intro">
          {{{page.content}}}
        </section>
        <ul class="posts">
          {{#posts}}
          <li class="post{{#featured}} post--featured{{/featured}}">
            <a class="post__title" href="{{site.baseURL}}{{url}}">{{title}}</a>
            <time class="post__date" datetime="{{date}}">{{date}}</time>
            <p class="post__summary">{{summary}}</p>
            <span class="post__reads">{{reads}} reads</span>
          </li>
          {{/posts}}
          {{^posts}}
          <li class="empty">No posts yet.</li>
          {{/posts}}
        </ul>
        <nav class="pagination">
          {{#pagination.previous}}
          <a rel="prev" href="{{site.baseURL}}{{pagination.previous}}">Newer posts</a>
          {{/pagination.previous}}
          <span>Page {{pagination.current}} of {{pagination.total}}</span>
          {{#pagination.next}}
          <a rel="next" href="{{site.baseURL}}{{pagination.next}}">Older posts</a>
          {{/pagination.next}}
        </nav>
      </main>
      <aside class="sidebar">
        <h2>Tags</h2>
        <ul class="tags">
          {{#site.tags}}
          <li><a href="{{site.baseURL}}/tags/{{slug}}/">{{name}}</a> ({{count}})</li>
          {{/site.tags}}
        </ul>
      </aside>
      <footer class="site-footer">
        <p>&copy; {{site.year}} {{site.author}}. {{site.footerNote}}</p>
        {{#site.social}}
        <a href="{{url}}" rel="me">{{label}}</a>
        {{/site.social}}
      </footer>
      {{#site.analytics}}
      <script async src="{{site.analytics}}"></script>
      {{/site.analytics}}
    </body>
    </html>

    """

let header = """
    <header class="site-header">
      <a class="brand" href="{{site.baseURL}}/">{{site.title}}</a>
      <nav>
        {{#site.menu}}
        <a href="{{site.baseURL}}{{url}}"{{#active}} aria-current="page"{{/active}}>{{label}}</a>
        {{/site.menu}}
      </nav>
    </header>
    """

/// A typed view model, as the site code would pass for posts.
struct Post: MustacheFields {
    let title, url, date, summary: String
    let reads: Int
    let featured: Bool

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "title": title
        case "url": url
        case "date": date
        case "summary": summary
        case "reads": reads
        case "featured": featured
        default: nil
        }
    }
}

let posts = (1...50).map { index in
    Post(
        title: "Post number \(index): notes on \"Swift\" & static sites",
        url: "/posts/\(index)/",
        date: "2025-\(String(format: "%02d", index % 12 + 1))-\(String(format: "%02d", index % 28 + 1))",
        summary: "A short summary of post \(index), with <em>markup</em> that must be escaped & some 'quotes'.",
        reads: index * 137,
        featured: index % 7 == 0
    )
}

let context: [String: Any] = [
    "site": [
        "title": "Modak Blog",
        "language": "en",
        "baseURL": "https://example.com",
        "author": "Ada & Grace",
        "year": 2025,
        "footerNote": "Built with Modak.",
        "styles": ["/css/main.css", "/css/syntax.css"],
        "analytics": "https://example.com/a.js",
        "menu": [
            ["label": "Home", "url": "/", "active": true],
            ["label": "Archive", "url": "/archive/", "active": false],
            ["label": "About", "url": "/about/", "active": false]
        ] as [[String: Any]],
        "tags": (1...12).map { ["name": "Tag \($0)", "slug": "tag-\($0)", "count": $0 * 3] as [String: Any] },
        "social": [["label": "Mastodon", "url": "https://example.social/@modak"]]
    ] as [String: Any],
    "page": [
        "title": "All posts",
        "subtitle": "Everything we wrote, newest first",
        "summary": "Index of all posts on the \"Modak\" blog",
        "url": "/posts/",
        "kind": "list",
        "content": "<p>Welcome to the <strong>archive</strong>.</p>"
    ] as [String: Any],
    "posts": posts,
    "pagination": ["current": 1, "total": 4, "next": "/posts/page/2/"] as [String: Any]
]

let renders = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
let clock = ContinuousClock()

do {
    var library: MustacheLibrary!
    let compileTime = try clock.measure {
        library = try MustacheLibrary(sources: ["page": layout, "partials/header": header], strictPartials: true)
    }
    let page = library.template(named: "page")!

    let sample = try page.render(context, library: library)
    precondition(sample.components(separatedBy: "<li class=\"post").count - 1 == posts.count, "unexpected output")

    var bytes = 0
    let renderTime = try clock.measure {
        for _ in 0..<renders {
            bytes &+= try page.render(context, library: library).utf8.count
        }
    }
    let seconds = Double(renderTime.components.seconds) + Double(renderTime.components.attoseconds) * 1e-18
    print(
        """
        template: \(layout.split(separator: "\n").count) lines + partial, \(posts.count) posts; output \
        \(sample.utf8.count) bytes
        """
    )
    print("compile: \(compileTime)")
    print("\(renders) renders in \(String(format: "%.3f", seconds)) s")
    print(
        """
        \(Int((Double(renders) / seconds).rounded())) renders/s \
        (\(String(format: "%.1f", Double(bytes) / seconds / 1_048_576)) MiB/s)
        """
    )
} catch {
    print("error: \(error)")
    exit(1)
}
