import { toFormData } from './toFormData';

describe('toFormData', () => {
  it('sends every given field as text and leaves out the missing ones', () => {
    const form = toFormData({ name: 'Abdul', age: 72, isPrivacy: false, note: undefined, address: null });
    expect([...form.entries()]).toEqual([
      ['name', 'Abdul'],
      ['age', '72'],
      ['isPrivacy', 'false'],
    ]);
  });

  it('adds the image under "image" with its file name', () => {
    const poster = new File(['x'], 'poster.png', { type: 'image/png' });
    const image = toFormData({}, poster).get('image') as File;
    expect(image.name).toBe('poster.png');
    expect(image.type).toBe('image/png');
  });
});
