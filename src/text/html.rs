//! Text made safe inside HTML, in an element or a quoted attribute: the
//! one escaping the site's own markup uses (references' previews, tables'
//! names, the served pages' reload script); and the site's own pages read
//! back as tags and text (the search index reads them so).

/// `&`, `<`, `>` and `"` as entities.
pub fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A piece of HTML: a start tag (its name, lowercase as the site writes
/// it, and the text of its attributes), an end tag, or text (entities not
/// yet read: [`text_of`]).
#[derive(Debug, PartialEq, Eq)]
pub enum Token<'a> {
    Start { name: &'a str, attributes: &'a str },
    End(&'a str),
    Text(&'a str),
}

/// The tokens of `html`, as the site writes it: comments and declarations
/// left out, a tag ending at the first `>` (the site writes `>` in an
/// attribute's value as `&gt;`). A `<` that begins no tag ends the text
/// there and the rest is text.
pub fn tokens(html: &str) -> impl Iterator<Item = Token<'_>> {
    let mut rest = html;
    std::iter::from_fn(move || {
        loop {
            if rest.is_empty() {
                return None;
            }
            let Some(open) = rest.find('<') else {
                return Some(Token::Text(std::mem::take(&mut rest)));
            };
            if open > 0 {
                let (text, after) = rest.split_at(open);
                rest = after;
                return Some(Token::Text(text));
            }
            if let Some(comment) = rest.strip_prefix("<!--") {
                rest = comment.find("-->").map_or("", |end| &comment[end + 3..]);
                continue;
            }
            let Some(close) = rest.find('>') else {
                return Some(Token::Text(std::mem::take(&mut rest)));
            };
            let tag = &rest[1..close];
            rest = &rest[close + 1..];
            if tag.starts_with('!') || tag.starts_with('?') {
                continue;
            }
            if let Some(name) = tag.strip_prefix('/') {
                return Some(Token::End(name.trim()));
            }
            let tag = tag.strip_suffix('/').unwrap_or(tag);
            let (name, attributes) = tag
                .split_once(|c: char| c.is_ascii_whitespace())
                .unwrap_or((tag, ""));
            return Some(Token::Start { name, attributes });
        }
    })
}

/// The value of attribute `name` in a start tag's `attributes`, entities
/// read, when it is quoted as the site quotes it (`name="value"`).
pub fn attribute(attributes: &str, name: &str) -> Option<String> {
    let mut rest = attributes;
    while let Some(at) = rest.find(name) {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + name.len()..];
        if before.is_none_or(|c| c.is_ascii_whitespace())
            && let Some(value) = after.strip_prefix("=\"")
        {
            let end = value.find('"')?;
            return Some(text_of(&value[..end]));
        }
        rest = after;
    }
    None
}

/// Text with its character references read: the five named ones the site
/// writes, a few of typography's, and every numeric one; another stays as
/// written.
pub fn text_of(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let read = rest[1..]
            .find(';')
            .filter(|&end| end <= 10)
            .and_then(|end| {
                let name = &rest[1..=end];
                character(name).map(|c| (c, end + 2))
            });
        match read {
            Some((c, length)) => {
                out.push(c);
                rest = &rest[length..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character a reference names (`amp`, `#8217`, `#x2019`).
fn character(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "rsquo" => '’',
        "lsquo" => '‘',
        "rdquo" => '”',
        "ldquo" => '“',
        "ndash" => '–',
        "mdash" => '—',
        "hellip" => '…',
        "middot" => '·',
        "times" => '×',
        "minus" => '−',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_special_character_is_an_entity() {
        assert_eq!(
            super::escaped(r#"a "b" <c> & d"#),
            "a &quot;b&quot; &lt;c&gt; &amp; d"
        );
        assert_eq!(super::escaped("plain"), "plain");
    }

    #[test]
    fn tags_and_text_are_told_apart() {
        use super::Token::*;
        let html = "<!DOCTYPE html><p class=\"a b\">x &amp; y<!-- no --><br/></p>z < w";
        let got: Vec<_> = super::tokens(html).collect();
        assert_eq!(
            got,
            [
                Start {
                    name: "p",
                    attributes: "class=\"a b\""
                },
                Text("x &amp; y"),
                Start {
                    name: "br",
                    attributes: ""
                },
                End("p"),
                Text("z "),
                Text("< w"),
            ]
        );
    }

    #[test]
    fn attributes_are_found_by_their_whole_name() {
        let attributes = r#"data-id="no" id="fig-a&amp;b" class="x""#;
        assert_eq!(
            super::attribute(attributes, "id").as_deref(),
            Some("fig-a&b")
        );
        assert_eq!(super::attribute(attributes, "class").as_deref(), Some("x"));
        assert_eq!(super::attribute(attributes, "href"), None);
    }

    #[test]
    fn references_are_read_and_a_stray_ampersand_kept() {
        assert_eq!(
            super::text_of("Dawson&rsquo;s &#183;137 &#x2019; &amp; & more &bogus;"),
            "Dawson’s ·137 ’ & & more &bogus;"
        );
        assert_eq!(super::text_of("&#xFFFFFFFF;"), "&#xFFFFFFFF;");
    }
}
