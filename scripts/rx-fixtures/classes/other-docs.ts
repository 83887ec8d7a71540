/**
 * Text-bearing pictures of the Other class, the hard negatives for a prescription reader: a shop receipt and an
 * invoice (numbers with two decimals, dates, phone numbers), a handwritten-style shopping list, and a phone
 * screenshot of an app. None names a lens parameter.
 */
import { cssFamily } from "../fonts";
import { printDate } from "../printing";
import { pickPhone, pickPlace, pickStreet } from "../people";
import { type Rng } from "../random";
import { barcodeSvg, esc } from "../layouts/common";

export interface OtherPicture {
  html: string;
  font: string;
  /** How it becomes a file: a photo of paper on a desk, a camera photo, or a lossless screenshot. */
  finish: "document" | "photo" | "screenshot";
}

const GROCERIES = [
  "BANANAS",
  "MILK 2% GAL",
  "EGGS LG 12CT",
  "BREAD WHEAT",
  "CHEDDAR 8OZ",
  "APPLES GALA",
  "COFFEE",
  "PASTA",
  "TOMATO SAUCE",
  "CHICKEN BRST",
  "RICE 2LB",
  "YOGURT",
  "SPINACH",
  "OLIVE OIL",
  "CEREAL",
  "PAPER TOWELS",
  "DISH SOAP",
  "ONIONS",
];

export function receiptHtml(rng: Rng): OtherPicture {
  const place = pickPlace(rng);
  const items = rng.shuffle(GROCERIES).slice(0, rng.int(6, 13));
  let subtotal = 0;
  const lines = items.map((item) => {
    const cents = rng.int(99, 1299);
    subtotal += cents;
    return `<div style="display:flex;justify-content:space-between"><span>${esc(item)}</span><span>${(cents / 100).toFixed(2)}</span></div>`;
  });
  const tax = Math.round(subtotal * 0.06);
  const money = (c: number) => (c / 100).toFixed(2);
  const store = rng.pick(["FRESH MARKET", "VALLEY FOODS", "CORNER GROCERY", "SUNRISE MART", "GREEN BASKET"]);
  const html =
    `<div id="doc" style="width:${rng.int(300, 360)}px;padding:22px 18px;background:#fbfaf6;color:#222;zoom:2;` +
    `font-family:${cssFamily("Courier Prime")};font-size:13px;line-height:1.45">` +
    `<div style="text-align:center;font-weight:700;font-size:16px">${store}</div>` +
    `<div style="text-align:center">${esc(pickStreet(rng))}<br>${esc(place.city)}, ${place.state} ${place.zip}<br>${esc(pickPhone(rng, place))}</div>` +
    `<div style="margin:10px 0">${printDate(`202${rng.int(5, 6)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`, "MM/DD/YYYY")} ` +
    `${rng.int(8, 20)}:${String(rng.int(0, 59)).padStart(2, "0")}  REG ${rng.int(1, 9)}</div>${lines.join("")}` +
    `<div style="border-top:1px dashed #333;margin-top:8px;padding-top:6px;display:flex;justify-content:space-between"><span>SUBTOTAL</span><span>${money(subtotal)}</span></div>` +
    `<div style="display:flex;justify-content:space-between"><span>TAX</span><span>${money(tax)}</span></div>` +
    `<div style="display:flex;justify-content:space-between;font-weight:700"><span>TOTAL</span><span>${money(subtotal + tax)}</span></div>` +
    `<div style="margin-top:8px">VISA ************${rng.int(1000, 9999)}</div><div style="text-align:center;margin-top:12px">` +
    `${barcodeSvg(rng, 220, 40)}<br>THANK YOU FOR SHOPPING!</div></div>`;
  return { html, font: "Courier Prime", finish: "document" };
}

export function shoppingListHtml(rng: Rng): OtherPicture {
  const items = rng
    .shuffle([
      "eggs",
      "bread",
      "milk",
      "apples",
      "coffee filters",
      "batteries (AA)",
      "dog food",
      "lemons",
      "toothpaste",
      "birthday card for Mom",
      "pasta + sauce",
      "light bulbs",
      "tape",
      "garden gloves",
      "2 avocados",
    ])
    .slice(0, rng.int(5, 10));
  const font = rng.pick(["Merriweather", "Source Serif 4"] as const);
  const ink = rng.pick(["#1d3a8a", "#222", "#2a2a6a"]);
  const rows = items
    .map(
      (item) =>
        `<div style="height:34px;border-bottom:1px solid #9ec3e6;font-style:italic;padding-left:${rng.int(4, 20)}px">` +
        `${rng.chance(0.3) ? "&#10003; " : "&#9633; "}${esc(item)}</div>`,
    )
    .join("");
  const html =
    `<div id="doc" style="width:${rng.int(360, 440)}px;padding:30px 24px 40px 56px;background:#fffef2;color:${ink};` +
    `border-left:2px solid #e6a0a0;zoom:1.8;font-family:${cssFamily(font)};font-size:${rng.int(17, 20)}px">` +
    `<div style="height:40px;font-weight:700;font-style:italic">${rng.pick(["To buy", "Groceries", "Saturday", "List"])}</div>${rows}</div>`;
  return { html, font, finish: "document" };
}

export function invoiceHtml(rng: Rng): OtherPicture {
  const place = pickPlace(rng);
  const font = rng.pick(["Roboto", "Inter", "Source Serif 4"] as const);
  const services = rng
    .shuffle([
      "Lawn mowing",
      "Hedge trimming",
      "Gutter cleaning",
      "Leaf removal",
      "Sprinkler repair",
      "Window washing",
      "Snow removal",
    ])
    .slice(0, rng.int(2, 5));
  let total = 0;
  const rows = services
    .map((s) => {
      const hours = rng.int(1, 6);
      const rate = rng.pick([35, 40, 45, 55]);
      total += hours * rate;
      return `<tr><td style="padding:6px 0">${esc(s)}</td><td>${hours}.00</td><td>$${rate}.00</td><td style="text-align:right">$${(hours * rate).toFixed(2)}</td></tr>`;
    })
    .join("");
  const html =
    `<div id="doc" style="width:${rng.int(680, 800)}px;padding:56px;background:#fff;color:#222;zoom:1.5;font-family:${cssFamily(font)};font-size:14px">` +
    `<div style="display:flex;justify-content:space-between"><div><div style="font-size:26px;font-weight:700">${rng.pick(["Greenway Yard Care", "Hometown Handyman", "Apex Property Services"])}</div>` +
    `${esc(pickStreet(rng))}<br>${esc(place.city)}, ${place.state} ${place.zip}<br>${esc(pickPhone(rng, place))}</div>` +
    `<div style="text-align:right"><div style="font-size:30px;font-weight:700;color:#555">INVOICE</div>No. ${rng.int(1000, 9999)}<br>` +
    `Due ${printDate(`2026-0${rng.int(1, 9)}-2${rng.int(0, 8)}`, "MMMM D, YYYY")}</div></div>` +
    `<table style="width:100%;margin-top:40px;border-collapse:collapse"><tr style="border-bottom:2px solid #222;text-align:left">` +
    `<th>Description</th><th>Hours</th><th>Rate</th><th style="text-align:right">Amount</th></tr>${rows}` +
    `<tr style="border-top:1px solid #999;font-weight:700"><td colspan="3" style="padding-top:10px">Total due</td><td style="text-align:right">$${total.toFixed(2)}</td></tr></table>` +
    `<p style="margin-top:40px;color:#555">Thank you for your business. Payment within 30 days.</p></div>`;
  return { html, font, finish: "document" };
}

export function screenshotHtml(rng: Rng): OtherPicture {
  const font = rng.pick(["Roboto", "Inter"] as const);
  const accent = rng.pick(["#1a73e8", "#d93025", "#188038", "#9334e6", "#e37400"]);
  const kind = rng.pick(["weather", "chat", "todo"] as const);
  const cards =
    kind === "weather"
      ? ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
          .map(
            (d) =>
              `<div style="display:flex;justify-content:space-between;padding:14px 4px;border-bottom:1px solid #eee"><span>${d}</span><span>${rng.pick(["Sunny", "Cloudy", "Rain", "Windy"])}</span><b>${rng.int(40, 95)}&deg; / ${rng.int(25, 60)}&deg;</b></div>`,
          )
          .join("")
      : kind === "chat"
        ? Array.from(
            { length: 7 },
            (_, i) =>
              `<div style="margin:10px 0;display:flex;justify-content:${i % 2 ? "flex-end" : "flex-start"}"><span style="background:${i % 2 ? accent : "#eceff1"};color:${i % 2 ? "#fff" : "#222"};padding:10px 14px;border-radius:18px;max-width:70%">${esc(rng.pick(["Running late, be there in 10", "Did you see the game?", "Pizza tonight?", "Sure!", "Can you grab milk on the way?", "Meeting moved to 3pm", "lol", "Happy birthday!!"]))}</span></div>`,
          ).join("")
        : rng
            .shuffle([
              "Call plumber",
              "Pay water bill",
              "Book flights",
              "Return library books",
              "Email Sam",
              "Renew passport",
              "Clean garage",
              "Schedule oil change",
            ])
            .map((task) => `<div style="padding:14px 4px;border-bottom:1px solid #eee">&#9744; ${esc(task)}</div>`)
            .join("");
  const title = { weather: "Weather", chat: rng.pick(["Alex", "Mom", "Team"]), todo: "My tasks" }[kind];
  const html =
    `<div id="doc" style="width:390px;height:844px;background:#fff;color:#202124;zoom:2;font-family:${cssFamily(font)};font-size:16px;overflow:hidden">` +
    `<div style="display:flex;justify-content:space-between;padding:10px 20px;font-size:14px;font-weight:700"><span>${rng.int(1, 12)}:${String(rng.int(0, 59)).padStart(2, "0")}</span><span>&#9679;&#9679;&#9679; ${rng.int(20, 99)}%</span></div>` +
    `<div style="background:${accent};color:#fff;padding:18px 20px;font-size:22px;font-weight:700">${esc(title)}</div>` +
    `<div style="padding:8px 16px">${cards}</div>` +
    `<div style="position:relative;top:40px;display:flex;justify-content:space-around;border-top:1px solid #ddd;padding:14px;color:#5f6368">` +
    `<span>Home</span><span>Search</span><span>Settings</span></div></div>`;
  return { html, font, finish: "screenshot" };
}
