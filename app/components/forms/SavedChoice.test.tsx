import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SavedChoice, SavedChoiceList } from "./SavedChoice";

describe("SavedChoice", () => {
  it("is a block holding a label around a required radio and the choice's lines", () => {
    expect(
      renderToStaticMarkup(
        <SavedChoice id="saved-7" className="saved-address-choice" name="addressId" value={7} defaultChecked>
          Ann Lee
          <br />1 Main St
        </SavedChoice>,
      ),
    ).toBe(
      '<div><label for="saved-7" class="saved-address-choice">' +
        '<input type="radio" id="saved-7" required="" name="addressId" checked="" value="7"/>' +
        "<span>Ann Lee<br/>1 Main St</span></label></div>",
    );
  });

  it("lists the choices in a fieldset that names the form's and the field's errors shown after it", () => {
    const form = { errors: ["Try again."], errorId: "saved-error" };
    expect(
      renderToStaticMarkup(
        <SavedChoiceList legend="Your addresses" form={form} field={{ errors: ["Choose an address."] }}>
          <i />
        </SavedChoiceList>,
      ),
    ).toBe(
      '<fieldset class="choice-list" aria-describedby="saved-error"><legend>Your addresses</legend><i></i></fieldset>' +
        '<p class="field-error" id="saved-error" role="alert">Try again. Choose an address.</p>',
    );
    expect(
      renderToStaticMarkup(
        <SavedChoiceList legend="Your addresses" form={{ errors: undefined, errorId: "e" }} field={{ errors: [] }}>
          <i />
        </SavedChoiceList>,
      ),
    ).toBe('<fieldset class="choice-list"><legend>Your addresses</legend><i></i></fieldset>');
  });
});
