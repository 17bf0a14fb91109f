import { Fragment } from 'react';
import { parseContent } from './parse-content';

export function PostContent({ content }: { content: string }) {
  const blocks = parseContent(content);
  return (
    <div className="text-lg leading-[1.85] text-sand">
      {blocks.map((block, i) =>
        block.kind === 'heading' ? (
          <h2 key={i} className="mb-5 mt-14 font-display text-3xl text-ivory sm:text-4xl">
            {block.text}
          </h2>
        ) : (
          <p
            key={i}
            className={
              i === 0
                ? 'mb-7 first-letter:float-left first-letter:mr-3 first-letter:mt-1 first-letter:font-display first-letter:text-7xl first-letter:leading-[0.8] first-letter:text-gold'
                : 'mb-7'
            }
          >
            {block.text.split('\n').map((line, j, lines) => (
              <Fragment key={j}>
                {line}
                {j < lines.length - 1 ? <br /> : null}
              </Fragment>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
