// The components one by one, not @react-email/components: its index also loads Tailwind, Markdown and a code
// highlighter (~0.5 s per process or test file that imports an e-mail).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { SITE } from "~/models/site";

/**
 * The one frame every e-mail shares (the store's name, a card with the heading and the message, the help line) and
 * the pieces the messages are made of. Inline styles only: mail clients ignore style sheets. React escapes every
 * value. The `data-text*` attributes shape the plain-text body (render.ts).
 */

export const BRAND_COLOR = "#0b5cab";
export const TEXT_COLOR = "#1f2933";
export const MUTED_COLOR = "#5f6b7a";
const PAGE_BACKGROUND = "#f4f6f8";
const WARNING_BACKGROUND = "#fffbea";

const bodyText: CSSProperties = { margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: TEXT_COLOR };

/** `title` is the document's title when it differs from the heading (the order e-mails use their subject). */
export function EmailLayout(props: { heading: string; title?: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title ?? props.heading}</title>
      </Head>
      <Body style={{ margin: 0, padding: 0, background: PAGE_BACKGROUND, fontFamily: "Helvetica,Arial,sans-serif" }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "24px 16px" }}>
          <Text
            data-skip-in-text="true"
            style={{ fontSize: "22px", lineHeight: "28px", fontWeight: "bold", color: BRAND_COLOR, margin: "0 0 16px" }}
          >
            {SITE.name}
          </Text>
          <Section style={{ background: "#ffffff", borderRadius: "8px", padding: "24px" }}>
            <Heading
              as="h1"
              data-skip-in-text="true"
              style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "28px", color: TEXT_COLOR }}
            >
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Text
            style={{
              margin: "16px 0 0",
              fontSize: "13px",
              lineHeight: "18px",
              color: MUTED_COLOR,
              textAlign: "center",
            }}
          >
            {"Questions? Real people answer 24/7 at "}
            <Link href={SITE.phoneHref} data-text="label" style={{ color: MUTED_COLOR }}>
              {SITE.phoneDisplay}
            </Link>
            .<br />
            {SITE.name}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message. `tight`: the next line follows without a blank line in the text body. */
export function P(props: { children: ReactNode; tight?: boolean; style?: CSSProperties }) {
  return (
    <Text data-text-tight={props.tight ? "" : undefined} style={{ ...bodyText, ...props.style }}>
      {props.children}
    </Text>
  );
}

/** A quieter note (what to do if the e-mail was not expected, that a link signs in). */
export function Small(props: { children: ReactNode; skipInText?: boolean }) {
  return (
    <Text
      data-skip-in-text={props.skipInText ? "true" : undefined}
      style={{ margin: "0 0 12px", fontSize: "14px", lineHeight: "20px", color: MUTED_COLOR }}
    >
      {props.children}
    </Text>
  );
}

/**
 * A section heading. In the text: with a colon when it introduces what follows ("Shipping to:"), left out when the
 * text does without it.
 */
export function H2(props: { children: string; text?: "colon" | "plain" | "skip" }) {
  return (
    <Heading
      as="h2"
      data-text-colon={props.text === "colon" ? "" : undefined}
      data-skip-in-text={props.text === "skip" ? "true" : undefined}
      style={{ margin: "24px 0 8px", fontSize: "17px", lineHeight: "24px", color: TEXT_COLOR }}
    >
      {props.children}
    </Heading>
  );
}

/** An inline link. `text`: how the text body writes it (render.ts): "Label <url>" unless said otherwise. */
export function TextLink(props: { href: string; children: string; text?: "line" | "label" }) {
  return (
    <Link href={props.href} data-text={props.text} style={{ color: BRAND_COLOR }}>
      {props.children}
    </Link>
  );
}

/** A paragraph holding one link: "See your order: https://…" in the text. */
export function LinkLine(props: { href: string; children: string }) {
  return (
    <P>
      <TextLink href={props.href} text="line">
        {props.children}
      </TextLink>
    </P>
  );
}

/**
 * The call to action. `pasteLink`: the link written out below it for clients that block buttons (HTML only: the
 * text body writes the button as "Label: https://…" already).
 */
export function EmailButton(props: { href: string; children: string; pasteLink?: boolean }) {
  return (
    <>
      <Text style={{ margin: "24px 0" }}>
        <Button
          href={props.href}
          data-text="line"
          style={{
            display: "inline-block",
            padding: "12px 24px",
            borderRadius: "6px",
            background: BRAND_COLOR,
            color: "#ffffff",
            fontSize: "16px",
            fontWeight: "bold",
            textDecoration: "none",
          }}
        >
          {props.children}
        </Button>
      </Text>
      {props.pasteLink ? (
        <Small skipInText>
          Or paste this link into your browser:
          <br />
          <TextLink href={props.href}>{props.href}</TextLink>
        </Small>
      ) : null}
    </>
  );
}

/** A bulleted list; `prefix` is what each item starts with in the text ("- " unless given). */
export function List(props: { items: ReactNode[]; prefix?: string }) {
  return (
    <ul
      data-text-prefix={props.prefix}
      style={{ margin: "0 0 16px", paddingLeft: "20px", fontSize: "16px", lineHeight: "24px", color: TEXT_COLOR }}
    >
      {props.items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Lines of an address or a summary, one under the other. */
export function Lines(props: { lines: string[]; tight?: boolean }) {
  return (
    <P tight={props.tight}>{props.lines.flatMap((line, index) => (index > 0 ? [<br key={index} />, line] : [line]))}</P>
  );
}

/** A note that must not be missed (a prescription that expires before the order). */
export function Warning(props: { children: ReactNode }) {
  return (
    <div
      style={{
        margin: "0 0 16px",
        padding: "12px 16px",
        borderLeft: "4px solid #b7791f",
        background: WARNING_BACKGROUND,
        fontSize: "15px",
        lineHeight: "22px",
        color: TEXT_COLOR,
      }}
    >
      {props.children}
    </div>
  );
}

/** A separator between links: " · " in the HTML, a new line in the text. */
export function LinkSeparator() {
  return <span data-text-newline="">{" · "}</span>;
}

/** Someone's message quoted as typed (line breaks kept in both bodies). */
export function Quote(props: { children: string }) {
  return (
    <blockquote
      style={{
        margin: "0 0 16px",
        padding: "12px 16px",
        borderLeft: `4px solid ${BRAND_COLOR}`,
        background: PAGE_BACKGROUND,
        fontSize: "16px",
        lineHeight: "24px",
        color: TEXT_COLOR,
        whiteSpace: "pre-wrap",
      }}
    >
      {props.children}
    </blockquote>
  );
}
