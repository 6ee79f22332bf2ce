import {
  isSafeHref,
  parseMarkdown,
  type MdBlock,
  type MdInline,
} from '@nebula/protocol/markdown/markdown';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Renders the help centre's Markdown subset as React elements: every piece of text is a text
 * node (React escapes it), the only attributes are hrefs that pass `isSafeHref` again here,
 * and nothing reaches `dangerouslySetInnerHTML`. In-site links route inside the app; others
 * open in a new window without access to this page.
 */
function Inline({ nodes }: { nodes: MdInline[] }): ReactNode {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{n.v}</Fragment>;
      case 'code':
        return <code key={i}>{n.v}</code>;
      case 'br':
        return <br key={i} />;
      case 'strong':
        return (
          <strong key={i}>
            <Inline nodes={n.c} />
          </strong>
        );
      case 'link':
        if (!isSafeHref(n.href)) return <Inline key={i} nodes={n.c} />;
        return n.href.startsWith('/') ? (
          <Link key={i} to={n.href}>
            <Inline nodes={n.c} />
          </Link>
        ) : (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
            <Inline nodes={n.c} />
          </a>
        );
    }
  });
}

function Block({ block }: { block: MdBlock }): ReactNode {
  switch (block.t) {
    case 'heading':
      return block.level === 2 ? (
        <h2>
          <Inline nodes={block.c} />
        </h2>
      ) : (
        <h3>
          <Inline nodes={block.c} />
        </h3>
      );
    case 'paragraph':
      return (
        <p>
          <Inline nodes={block.c} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <Inline nodes={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return (
        <blockquote>
          {block.c.map((p, i) => (
            <p key={i}>
              <Inline nodes={p} />
            </p>
          ))}
        </blockquote>
      );
    case 'table':
      return (
        <div className="nb-md__table">
          <table>
            <thead>
              <tr>
                {block.head.map((cell, i) => (
                  <th key={i} scope="col">
                    <Inline nodes={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i}>
                      <Inline nodes={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'rule':
      return <hr />;
  }
}

export function MarkdownView({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className="nb-md">
      {blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </div>
  );
}
