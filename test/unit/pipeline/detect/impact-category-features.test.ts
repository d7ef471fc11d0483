import { expect } from 'chai';
import { IMPACT_FEATURES, impactFeatures } from '@trendscope/pipeline/detect/impact-features';
import type { ImpactInput } from '@trendscope/pipeline/detect/impact-features';

// Politics reads as world in the impact features: four rated stories read politics, too few to
// learn a column from (docs/lab-notes/categories.md, 2026-12-07).
describe('impact features: the categories they read', () => {
  const at = (categories: ImpactInput['categories'], name: string): number => {
    const { values } = impactFeatures({
      headlines: ['Senate passes budget bill'],
      summary: '',
      domains: [],
      reports: 3,
      categories,
    });
    return values[IMPACT_FEATURES.indexOf(name)]!;
  };

  it('has no politics column', () => {
    expect(IMPACT_FEATURES).to.not.include('category_politics');
    expect(IMPACT_FEATURES).to.include('category_world');
  });

  it("reads politics' probability as world's", () => {
    expect(at({ politics: 0.7, world: 0.2, business: 0.1 }, 'category_world')).to.be.closeTo(0.9, 1e-9);
    expect(at({ politics: 1 }, 'category_world')).to.equal(1);
  });

  it('leaves world alone without politics, and the other categories alone with it', () => {
    expect(at({ world: 0.4, business: 0.6 }, 'category_world')).to.equal(0.4);
    expect(at({ politics: 0.7, business: 0.3 }, 'category_business')).to.equal(0.3);
    expect(at({ politics: 0.7, health: 0.3 }, 'category_health')).to.equal(0.3);
    expect(at({ politics: 0.7, technology: 0.3 }, 'category_technology')).to.equal(0.3);
  });
});
